"""Nimber arithmetic against an independent implementation in Python."""

import random

import pytest

import grundy


def reference_mul(a, b, half=32):
    """Nim-multiplication by the Fermat-power recursion, written here
    independently: split a = a1*F + a0 with F = 2^half, use
    F*F = F + F/2 (i.e. F (x) F = 3F/2)."""
    if a < 2 or b < 2:
        return a * b
    while half and a < (1 << half) and b < (1 << half):
        half //= 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    high = reference_mul(a1, b1, half // 2)
    cross = reference_mul(a1, b0, half // 2) ^ reference_mul(a0, b1, half // 2)
    low = reference_mul(a0, b0, half // 2)
    return ((high ^ cross) << half) ^ low ^ reference_mul(high, 1 << (half - 1), half // 2)


def test_published_products():
    # Fermat 2-powers: F (x) F = 3F/2 (Conway, On Numbers and Games, ch. 6).
    for f in [2, 4, 16, 256, 65536, 2**32]:
        assert grundy.nim_mul(f, f) == 3 * f // 2
    # The multiplication table of GF(4) = {0, 1, 2, 3}.
    assert [[grundy.nim_mul(a, b) for b in range(4)] for a in range(4)] == [
        [0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]
    ]


def test_products_agree_with_the_reference():
    rng = random.Random(7)
    for _ in range(300):
        a, b = rng.getrandbits(64), rng.getrandbits(rng.choice([8, 16, 64]))
        assert grundy.nim_mul(a, b) == reference_mul(a, b)


def test_field_axioms_and_operations():
    rng = random.Random(11)
    N = grundy.Nimber
    for _ in range(200):
        a, b, c = (N(rng.getrandbits(64)) for _ in range(3))
        assert (a * b) * c == a * (b * c)
        assert a * (b + c) == a * b + a * c
        assert a + a == N(0)
        if a:
            assert a * a.inverse() == N(1)
            assert (b / a) * a == b
            assert int(a.inverse()) == grundy.nim_inv(int(a))
        root = a.sqrt()
        assert root * root == a
        assert grundy.nim_sqrt(int(a)) == int(root)
        assert a**3 == a * a * a
        assert grundy.nim_pow(int(a), 5) == int(a**5)
    assert grundy.nim_add(5, 3) == 6
    assert grundy.mex([0, 1, 3]) == 2
    assert str(N(5)) == "*5" and repr(N(5)) == "Nimber(5)" and hash(N(5)) == hash(N(5))


def test_bad_nimbers():
    with pytest.raises(ZeroDivisionError):
        grundy.nim_div(1, 0)
    with pytest.raises(ZeroDivisionError):
        grundy.Nimber(0).inverse()
    with pytest.raises(ValueError, match="2\\^64"):
        grundy.nim_mul(-1, 2)
    with pytest.raises(ValueError):
        grundy.Nimber(2**64)
