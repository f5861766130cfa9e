/// The catalog: every rule, in report order. Rules are listed here explicitly (no
/// self-registration), so the catalog is reviewable in one place.
enum AllRules {
    static let list: [any Rule] = []
}
