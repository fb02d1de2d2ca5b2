//! Scatter plots of nim-sequences (SVG or PNG, by the file's extension).
//!
//! Points are thinned to what the picture can show: one point per pixel
//! column and value, so a plot of millions of values stays small. Text
//! needs a TrueType font; without one (set GRUNDY_FONT to a .ttf file) the
//! plot is drawn without labels rather than not at all.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

use anyhow::{anyhow, bail};
use grundy::sequence::NimSequence;
use plotters::coord::Shift;
use plotters::prelude::*;

const WIDTH: u32 = 1200;
const HEIGHT: u32 = 600;
const FONT_PATHS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/System/Library/Fonts/Supplemental/Arial.ttf",
    "C:\\Windows\\Fonts\\arial.ttf",
];

/// Registers a system font for labels once; `false` when none was found.
fn fonts_available() -> bool {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    *REGISTERED.get_or_init(|| {
        let from_env = std::env::var("GRUNDY_FONT").ok();
        let candidates = from_env
            .iter()
            .map(String::as_str)
            .chain(FONT_PATHS.iter().copied());
        for path in candidates {
            if let Ok(bytes) = std::fs::read(path) {
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                    return true;
                }
            }
        }
        false
    })
}

/// What to draw.
pub struct PlotSpec<'a> {
    /// Title (the game).
    pub title: &'a str,
    /// The values G(0..N).
    pub values: &'a NimSequence,
    /// Where the periodic part starts, if known.
    pub preperiod: Option<usize>,
}

/// Writes the plot to `path` (`.svg` or `.png`).
pub fn write_plot(path: &Path, spec: &PlotSpec<'_>) -> anyhow::Result<()> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    // Said before drawing, in words (the drawing library's own error is
    // "backend error: Drawing backend error: No such file ...").
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        if !folder.is_dir() {
            bail!(
                "cannot write the plot to {}: the folder {} does not exist",
                path.display(),
                folder.display()
            );
        }
    }
    if path.is_dir() {
        bail!(
            "cannot write the plot to {}: it is a folder",
            path.display()
        );
    }
    let with_text = fonts_available();
    match extension.as_deref() {
        Some("svg") => {
            let root = SVGBackend::new(path, (WIDTH, HEIGHT)).into_drawing_area();
            draw(&root, spec, with_text)?;
            root.present()
                .map_err(|e| anyhow!("writing {}: {e}", path.display()))
        }
        Some("png") => {
            let root = BitMapBackend::new(path, (WIDTH, HEIGHT)).into_drawing_area();
            draw(&root, spec, with_text)?;
            root.present()
                .map_err(|e| anyhow!("writing {}: {e}", path.display()))
        }
        _ => bail!(
            "cannot tell the image format of '{}': use a file ending in .svg or .png",
            path.display()
        ),
    }
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    spec: &PlotSpec<'_>,
    with_text: bool,
) -> anyhow::Result<()>
where
    DB::ErrorType: 'static,
{
    let fail = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing the plot: {e}");
    root.fill(&WHITE).map_err(fail)?;
    let n = spec.values.len().max(1) as u64;
    let top = spec.values.iter().max().unwrap_or(0) + 1;
    let mut builder = ChartBuilder::on(root);
    builder.margin(15);
    if with_text {
        builder
            .caption(format!("G(n) for {}", spec.title), ("sans-serif", 22))
            .x_label_area_size(40)
            .y_label_area_size(50);
    }
    let mut chart = builder
        .build_cartesian_2d(0u64..n, 0u64..top)
        .map_err(fail)?;
    let mut mesh = chart.configure_mesh();
    mesh.light_line_style(WHITE.mix(0.0));
    if with_text {
        mesh.x_desc("n").y_desc("G(n)");
    } else {
        mesh.x_labels(0).y_labels(0);
    }
    mesh.draw().map_err(fail)?;
    // One point per pixel column and value.
    let columns = u64::from(WIDTH);
    let mut points = BTreeSet::new();
    for (i, v) in spec.values.iter().enumerate() {
        let column = i as u64 * columns / n;
        points.insert((column, v));
    }
    let radius = if points.len() > 20_000 { 1 } else { 2 };
    chart
        .draw_series(points.into_iter().map(|(column, v)| {
            let x = (column * n + n / 2) / columns;
            Circle::new((x, v), radius, BLUE.filled())
        }))
        .map_err(fail)?;
    if let Some(e) = spec.preperiod.filter(|&e| e > 0) {
        let series = chart
            .draw_series(LineSeries::new(
                vec![(e as u64, 0), (e as u64, top)],
                RED.stroke_width(2),
            ))
            .map_err(fail)?;
        if with_text {
            series
                .label(format!("periodic from n = {e}"))
                .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED.stroke_width(2)));
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()
                .map_err(fail)?;
        }
    }
    Ok(())
}
