extension String {
    /// `==`, with the UTF-8 lengths compared first. Property lookups compare a packet's
    /// namespace URIs and names with the ones a description reads, most of them unequal and
    /// of another length, which a length (stored, for a native string) tells apart before
    /// any byte is compared; `==` compares bytes first.
    @inline(__always) func sameText(_ other: String) -> Bool {
        utf8.count == other.utf8.count && self == other
    }
}
