import Container

/// Where a finding about an associated property points: the property box in `ipco`.
struct AssociatedPropertyPlace {
    let offset: Int
    let path: String

    init(_ p: HEIF.AssociatedProperty) {
        offset = p.range.lowerBound
        path = "meta/iprp/ipco[\(p.index)]:\(p.type)"
    }
}
