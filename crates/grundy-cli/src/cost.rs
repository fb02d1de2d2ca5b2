//! What the command line says of a request's budget: the library's
//! [`grundy::budget::Budget`] decides (refusing up front what cannot
//! finish in reason); this module only words its notes on stderr.

use grundy::budget::BudgetNote;

/// Says a note of the budget: an announcement before a long request, a
/// lowered default, a risk; every estimate with `--verbose` (the words
/// round, and say nothing below two seconds: what the estimates'
/// benchmark reads).
pub fn tell(note: &BudgetNote) {
    match note {
        BudgetNote::Estimated { what, seconds } => {
            if crate::printer::verbose() {
                eprintln!("grundy: estimated {seconds:.4} s for {what}");
            }
        }
        BudgetNote::WillTake(text) => eprintln!("grundy: {text}"),
        BudgetNote::Lowered(text) => eprintln!("grundy: note: {text}"),
        BudgetNote::Warning(text) => eprintln!("grundy: warning: {text}"),
    }
}
