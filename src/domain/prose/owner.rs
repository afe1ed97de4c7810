//! Owners of places: whether two possessives ("his room", "the Count's room") may name one
//! person's place.

/// True when two owners may be one person: the same word, or a third person's pronoun and a
/// name ("his room" and "the Count's room").
pub fn same_owner(a: Option<&str>, b: Option<&str>) -> bool {
    let third = |o: Option<&str>| o.is_some_and(|o| matches!(o, "his" | "her" | "their"));
    let named = |o: Option<&str>| {
        o.is_some_and(|o| {
            !matches!(
                o,
                "my" | "our" | "your" | "his" | "her" | "their" | "its" | "thy"
            )
        })
    };
    a == b || (third(a) && named(b)) || (named(a) && third(b))
}
