use crate::Rng;
use casebook_model::Case;
use casebook_search::tokenize;

/// `n` synthetic cases whose words are drawn from the real library's text with a
/// skewed (Zipf-like) distribution, so index size and postings grow realistically.
pub fn synthetic_cases(real: &[Case], n: usize, seed: u64) -> Vec<Case> {
    let mut words: Vec<String> = Vec::new();
    for c in real {
        for t in c.summary.split_whitespace().chain(c.title.split_whitespace()) {
            let w: String = t.chars().filter(|ch| ch.is_alphanumeric() || *ch == '-').collect();
            if w.len() > 2 && !tokenize(&w).is_empty() {
                words.push(w);
            }
        }
    }
    if words.is_empty() {
        words.push("outage".into());
    }
    let mut rng = Rng::new(seed);
    let pick = |rng: &mut Rng| {
        // Skew towards the front of the list: min of two uniform draws.
        let i = rng.below(words.len()).min(rng.below(words.len()));
        words[i].clone()
    };
    (0..n)
        .map(|i| {
            let base = &real[i % real.len().max(1)];
            let title: Vec<String> = (0..8).map(|_| pick(&mut rng)).collect();
            let summary: Vec<String> = (0..90).map(|_| pick(&mut rng)).collect();
            let body: Vec<String> = (0..60).map(|_| pick(&mut rng)).collect();
            Case {
                id: format!("synthetic-{i:06}"),
                title: title.join(" "),
                summary: summary.join(" "),
                organisation: format!("Org {}", rng.below(n / 10 + 1)),
                start: base.start.clone(),
                impact: body[..30].join(" "),
                trigger: body[30..].join(" "),
                cause: base.cause.clone(),
                components: base.components.clone(),
                symptoms: base.symptoms.clone(),
                platform: base.platform.clone(),
                ..Case::default()
            }
        })
        .collect()
}
