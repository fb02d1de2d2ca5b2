//! Scatter plots of nim-sequences (SVG or PNG, by the file's extension).
//!
//! Points are thinned to what the picture can show: one point per pixel
//! column and value, so a plot of millions of values stays small. Text
//! needs a TrueType font; without one (set GRUNDY_FONT to a .ttf file) the
//! plot is drawn without labels rather than not at all.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{anyhow, bail};
use grundy::sequence::NimSequence;
use grundy::Convention;
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

/// A file name made from the spec and the convention: `kayles.svg`,
/// `0.137.svg`, `kayles-misere.svg`; `analyze` and `plot` write there
/// unless told otherwise.
pub fn default_plot_path(spec: &str, convention: Convention) -> PathBuf {
    let name: String = spec
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let name = name.trim_matches('.');
    match convention {
        Convention::Normal => PathBuf::from(format!("{name}.svg")),
        other => PathBuf::from(format!("{name}-{other}.svg")),
    }
}

/// What a plot shows, as its title says and its file records: the spec,
/// with the convention when it is not normal play.
pub fn plot_subject(spec: &str, convention: Convention) -> String {
    match convention {
        Convention::Normal => spec.to_owned(),
        other => format!("{spec} ({other})"),
    }
}

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
    /// What the plot is of (`kayles`, `kayles (misère)`): written into the
    /// file, so that a later plot of the same thing may replace it.
    pub subject: &'a str,
    /// Replace whatever the file holds (`--force`).
    pub force: bool,
}

/// What a plot file of grundy's carries to say what it shows: an SVG
/// comment, a PNG `tEXt` chunk under this keyword.
const MARK_KEYWORD: &str = "Software";

fn mark(subject: &str) -> String {
    format!("grundy plot of {subject}")
}

/// One rule for every file grundy writes (as `seq --out` keeps it): a file
/// that exists is replaced only when it holds what this request would
/// write anyway (here: a plot of the same subject); anything else is
/// somebody's work, kept unless `--force`.
fn refuse_to_clobber(path: &Path, spec: &PlotSpec<'_>) -> anyhow::Result<()> {
    if spec.force || !path.exists() {
        return Ok(());
    }
    let held = std::fs::read(path).ok().and_then(|bytes| held_mark(&bytes));
    match held {
        Some(held) if held == mark(spec.subject) => Ok(()),
        Some(held) => bail!(
            "{} already holds a {held}, not of {}: choose another file, or pass --force to overwrite it",
            path.display(),
            spec.subject
        ),
        None => bail!(
            "{} exists and is not a plot grundy wrote: choose another file, or pass --force to overwrite it",
            path.display()
        ),
    }
}

/// The mark of a plot file grundy wrote (SVG or PNG), if any.
fn held_mark(bytes: &[u8]) -> Option<String> {
    if let Some(chunks) = bytes.strip_prefix(PNG_SIGNATURE) {
        return png_chunks(chunks)
            .filter(|(kind, _)| kind == b"tEXt")
            .find_map(|(_, data)| {
                let (keyword, text) = data.split_at(data.iter().position(|&b| b == 0)?);
                (keyword == MARK_KEYWORD.as_bytes())
                    .then(|| String::from_utf8_lossy(&text[1..]).into_owned())
            });
    }
    let text = std::str::from_utf8(bytes).ok()?;
    let start = text.rfind("<!-- grundy plot of ")? + "<!-- ".len();
    let end = start + text[start..].find(" -->")?;
    Some(text[start..end].to_owned())
}

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// The chunks of a PNG after its signature: (type, data).
fn png_chunks(mut rest: &[u8]) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    std::iter::from_fn(move || {
        let length = usize::try_from(u32::from_be_bytes(rest.get(..4)?.try_into().ok()?)).ok()?;
        let kind: [u8; 4] = rest.get(4..8)?.try_into().ok()?;
        let data = rest.get(8..8usize.checked_add(length)?)?;
        rest = rest.get(12 + length..)?;
        Some((kind, data))
    })
}

/// `png` with a `tEXt` chunk carrying `text` under [`MARK_KEYWORD`],
/// placed after the header chunk (which a PNG must start with).
fn png_with_mark(png: &[u8], text: &str) -> Option<Vec<u8>> {
    let chunks = png.strip_prefix(PNG_SIGNATURE)?;
    let header_length =
        usize::try_from(u32::from_be_bytes(chunks.get(..4)?.try_into().ok()?)).ok()?;
    let split = PNG_SIGNATURE.len() + 12 + header_length;
    let mut data = MARK_KEYWORD.as_bytes().to_vec();
    data.push(0);
    data.extend_from_slice(text.as_bytes());
    let mut chunk = u32::try_from(data.len()).ok()?.to_be_bytes().to_vec();
    chunk.extend_from_slice(b"tEXt");
    chunk.extend_from_slice(&data);
    chunk.extend_from_slice(&crc32fast::hash(&chunk[4..]).to_be_bytes());
    let mut out = png.get(..split)?.to_vec();
    out.extend_from_slice(&chunk);
    out.extend_from_slice(png.get(split..)?);
    Some(out)
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
    refuse_to_clobber(path, spec)?;
    let with_text = fonts_available();
    // Drawn in memory, marked, then written whole: a file is never left
    // half drawn.
    let bytes = match extension.as_deref() {
        Some("svg") => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
                draw(&root, spec, with_text)?;
                root.present()
                    .map_err(|e| anyhow!("drawing the plot: {e}"))?;
            }
            svg.push_str(&format!("\n<!-- {} -->\n", mark(spec.subject)));
            svg.into_bytes()
        }
        Some("png") => {
            // The bitmap backend encodes to a file only: a scratch file
            // beside the plot, read back to be marked.
            let scratch = path.with_extension("png.partial.png");
            let drawn = (|| {
                let root = BitMapBackend::new(&scratch, (WIDTH, HEIGHT)).into_drawing_area();
                draw(&root, spec, with_text)?;
                root.present()
                    .map_err(|e| anyhow!("writing {}: {e}", scratch.display()))?;
                drop(root);
                std::fs::read(&scratch).map_err(|e| anyhow!("reading {}: {e}", scratch.display()))
            })();
            let _ = std::fs::remove_file(&scratch);
            let png = drawn?;
            png_with_mark(&png, &mark(spec.subject)).unwrap_or(png)
        }
        _ => bail!(
            "cannot tell the image format of '{}': use a file ending in .svg or .png",
            path.display()
        ),
    };
    std::fs::write(path, bytes).map_err(|e| anyhow!("writing {}: {e}", path.display()))
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
