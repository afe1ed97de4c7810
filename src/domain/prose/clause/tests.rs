//! The clause reader on tagged sentences.

use super::super::chunk::chunk;
use super::*;

fn read(words: &[&str], tags: &[&str]) -> (Vec<Phrase>, Vec<Clause>) {
    let quoted = vec![false; words.len()];
    let phrases = chunk(words, tags);
    let cs = clauses(words, tags, &quoted, &phrases);
    (phrases, cs)
}

#[test]
fn a_relative_clause_takes_its_antecedent_as_subject() {
    let w = [
        "the", "ledge", "of", "stone", "which", "runs", "around", "the", "building",
    ];
    let t = ["DT", "NN", "IN", "NN", "WDT", "VBZ", "IN", "DT", "NN"];
    let (p, c) = read(&w, &t);
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].subject, Subject::Phrase(0));
    assert_eq!(c[0].via, Via::Relative);
    let Target::Phrase(obj) = c[0].after[0].target else {
        panic!("{c:?}")
    };
    assert_eq!(p[obj].head, 8);
    assert_eq!(c[0].after[0].prep, (6, 7));
}

#[test]
fn a_participle_describes_the_phrase_before_it() {
    let w = [
        "the", "wood", ",", "dun", "and", "sere", ",", "divided", "by", "a", "path",
    ];
    let t = [
        "DT", "NN", ",", "JJ", "CC", "JJ", ",", "VBN", "IN", "DT", "NN",
    ];
    let (_, c) = read(&w, &t);
    assert_eq!(c[0].form, Form::Participle);
    assert_eq!((c[0].subject, c[0].via), (Subject::Phrase(0), Via::Host));
}

#[test]
fn a_preposition_and_which_give_the_antecedent_and_an_inverted_subject() {
    let w = [
        "the",
        "gallery",
        ",",
        "in",
        "which",
        "lay",
        "the",
        "apartments",
        ".",
    ];
    let t = ["DT", "NN", ",", "IN", "WDT", "VBD", "DT", "NNS", "."];
    let (_, c) = read(&w, &t);
    assert_eq!(c[0].before[0].target, Target::Phrase(0));
    assert_eq!(
        (c[0].subject, c[0].via),
        (Subject::Phrase(1), Via::Inverted)
    );
}

#[test]
fn a_pronoun_after_a_fronted_preposition_is_its_object_and_the_subject_follows_the_verb() {
    let w = ["Beyond", "it", "lay", "the", "moor", "."];
    let t = ["IN", "PRP", "VBD", "DT", "NN", "."];
    let (_, c) = read(&w, &t);
    assert_eq!(c[0].before[0].target, Target::Pronoun(1), "{:?}", c[0]);
    assert_eq!(
        (c[0].subject, c[0].via),
        (Subject::Phrase(0), Via::Inverted)
    );
}

#[test]
fn coordinated_verbs_share_a_subject_and_a_parenthesis_is_skipped() {
    let w = [
        "he", ",", "with", "the", "lamp", ",", "preceded", "me", "down", "the", "stairs", "and",
        "ran", "into", "the", "hall",
    ];
    let t = [
        "PRP", ",", "IN", "DT", "NN", ",", "VBD", "PRP", "RB", "DT", "NNS", "CC", "VBD", "IN",
        "DT", "NN",
    ];
    let (_, c) = read(&w, &t);
    assert_eq!(c.len(), 2);
    assert_eq!(c[0].subject, Subject::Pronoun(0));
    assert_eq!(c[1].subject, Subject::Pronoun(0));
    assert_eq!(c[1].via, Via::Inherited);
    assert!(c[0].after.iter().any(|d| d.prep == (8, 9)), "{:?}", c[0]);
}

#[test]
fn a_past_form_read_as_a_participle_after_its_subject_is_finite() {
    let w = [
        "suddenly", ",", "a", "cloud", "of", "pirates", "leaped", "from", "the", "woods", "and",
        "ran", "on", "the", "stockade",
    ];
    let t = [
        "RB", ",", "DT", "NN", "IN", "NNS", "VBN", "IN", "DT", "NNS", "CC", "VBD", "IN", "DT", "NN",
    ];
    let (_, c) = read(&w, &t);
    assert_eq!(c[0].form, Form::Finite);
    assert_eq!((c[0].subject, c[0].via), (Subject::Phrase(0), Via::Before));
    assert_eq!(
        (c[1].subject, c[1].via),
        (Subject::Phrase(0), Via::Inherited)
    );
    // After a comma and a description, a participle still describes its phrase.
    let (_, c) = read(
        &["the", "wood", ",", "dun", ",", "divided", "by", "a", "path"],
        &["DT", "NN", ",", "JJ", ",", "VBN", "IN", "DT", "NN"],
    );
    assert_eq!(c[0].form, Form::Participle);
}

#[test]
fn a_verb_joined_by_and_to_a_reported_clause_is_reported_with_it() {
    let w = [
        "one", "saying", "that", "I", "had", "left", "the", "castle", "and", "arrived", "at",
        "Bistritz",
    ];
    let t = [
        "CD", "VBG", "IN", "PRP", "VBD", "VBN", "DT", "NN", "CC", "VBD", "IN", "NNP",
    ];
    let (_, c) = read(&w, &t);
    let arrived = c.iter().find(|c| c.verb == 9).unwrap();
    assert_eq!(arrived.subject, Subject::Pronoun(3));
    assert!(arrived.reported);
}

#[test]
fn negation_modality_and_passive_are_marked() {
    let w = [
        "we", "could", "not", "go", "and", "it", "was", "shut", "off", "by", "trees",
    ];
    let t = [
        "PRP", "MD", "RB", "VB", "CC", "PRP", "VBD", "VBN", "RP", "IN", "NNS",
    ];
    let (_, c) = read(&w, &t);
    assert!(c[0].negated && c[0].modal);
    assert!(c[1].passive && !c[1].negated);
    assert_eq!(c[1].subject, Subject::Pronoun(5));
}
