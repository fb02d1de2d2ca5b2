//! Nimbers below 2^64 for Python: the `Nimber` class and the functions.

use grundy::Nimber;
use pyo3::exceptions::{PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;

/// A nimber argument: a non-negative integer below 2^64.
pub(crate) fn nimber(value: &Bound<'_, PyAny>) -> PyResult<Nimber> {
    if let Ok(n) = value.extract::<PyRef<'_, PyNimber>>() {
        return Ok(n.0);
    }
    value.extract::<u64>().map(Nimber::new).map_err(|_| {
        PyValueError::new_err(format!(
            "a nimber is an integer from 0 to 2^64 - 1, not {value}"
        ))
    })
}

pub(crate) fn divide(a: Nimber, b: Nimber) -> PyResult<Nimber> {
    a.nim_div(b)
        .ok_or_else(|| PyZeroDivisionError::new_err("nimber division by 0"))
}

/// A nimber below 2^64: `+` is nim-addition (XOR), `*` nim-multiplication,
/// `/` division in the field, `**` powers.
#[pyclass(module = "grundy._grundy", name = "Nimber", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyNimber(Nimber);

#[pymethods]
impl PyNimber {
    #[new]
    fn py_new(value: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        nimber(value).map(PyNimber)
    }

    fn __int__(&self) -> u64 {
        self.0.value()
    }

    fn __index__(&self) -> u64 {
        self.0.value()
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0.value())
    }

    fn __str__(&self) -> String {
        format!("*{}", self.0.value())
    }

    fn __bool__(&self) -> bool {
        self.0.value() != 0
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        Ok(PyNimber(self.0.nim_add(nimber(other)?)))
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        self.__add__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        self.__add__(other)
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        self.__add__(other)
    }

    fn __mul__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        Ok(PyNimber(self.0.nim_mul(nimber(other)?)))
    }

    fn __rmul__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        self.__mul__(other)
    }

    fn __truediv__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        divide(self.0, nimber(other)?).map(PyNimber)
    }

    fn __rtruediv__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        divide(nimber(other)?, self.0).map(PyNimber)
    }

    fn __pow__(&self, exponent: u64, modulo: Option<&Bound<'_, PyAny>>) -> PyResult<PyNimber> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Err(PyTypeError::new_err("nimber powers take no modulus"));
        }
        Ok(PyNimber(self.0.nim_pow(exponent)))
    }

    /// The inverse in the field (ZeroDivisionError for 0).
    fn inverse(&self) -> PyResult<PyNimber> {
        divide(Nimber::new(1), self.0).map(PyNimber)
    }

    /// The square root in the field (every nimber has exactly one).
    fn sqrt(&self) -> PyNimber {
        PyNimber(self.0.nim_sqrt())
    }

    #[getter]
    fn value(&self) -> u64 {
        self.0.value()
    }
}

#[pyfunction]
pub(crate) fn nim_add(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(nimber(a)?.nim_add(nimber(b)?).value())
}

#[pyfunction]
pub(crate) fn nim_mul(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(nimber(a)?.nim_mul(nimber(b)?).value())
}

#[pyfunction]
pub(crate) fn nim_div(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(divide(nimber(a)?, nimber(b)?)?.value())
}

#[pyfunction]
pub(crate) fn nim_inv(a: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(divide(Nimber::new(1), nimber(a)?)?.value())
}

#[pyfunction]
pub(crate) fn nim_sqrt(a: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(nimber(a)?.nim_sqrt().value())
}

#[pyfunction]
pub(crate) fn nim_pow(a: &Bound<'_, PyAny>, exponent: u64) -> PyResult<u64> {
    Ok(nimber(a)?.nim_pow(exponent).value())
}

/// The mex of some values: the least non-negative integer not among them.
#[pyfunction]
pub(crate) fn mex(values: &Bound<'_, PyAny>) -> PyResult<u64> {
    let mut listed = Vec::new();
    for value in values.try_iter()? {
        listed.push(value?.extract::<u64>()?);
    }
    Ok(grundy::mex(listed.iter().map(|&v| Nimber::new(v))).value())
}
