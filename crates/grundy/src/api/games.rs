//! The list of games: every family a face can be asked for, with the
//! examples it shows.

/// `games`: every family a face can be asked for. Where files are not
/// read (the server), the families that read them are left out, as the
/// server would refuse them; each example is listed once (two script
/// families share one).
#[must_use]
pub fn games(source: crate::spec::SpecSource) -> crate::report::GamesReport {
    let served = |family: &crate::spec::Family| {
        !(family.reads_files && source == crate::spec::SpecSource::NoFiles)
    };
    let unserved: Vec<&str> = crate::spec::FAMILIES
        .iter()
        .filter(|family| !served(family))
        .map(|family| family.form)
        .collect();
    let games = crate::spec::game_list()
        .into_iter()
        .filter(|(spec, _)| !unserved.contains(&spec.as_str()))
        .map(|(spec, about)| crate::report::GameEntry { spec, about })
        .collect();
    let mut examples: Vec<String> = Vec::new();
    for family in crate::spec::FAMILIES.iter().filter(|f| served(f)) {
        if !examples.iter().any(|e| e == family.example) {
            examples.push(family.example.to_owned());
        }
    }
    crate::report::GamesReport { games, examples }
}
