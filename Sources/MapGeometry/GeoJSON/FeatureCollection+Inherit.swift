extension FeatureCollection {
    /// This answer with the foreign members of the collection it was derived from first
    /// (`attribution`, `license`: RFC 7946 §6.1 allows them and ODbL data must keep its
    /// attribution), then the answer's own members, which win over inherited ones of the same name.
    public func inheriting(_ source: [ForeignMember]) -> FeatureCollection {
        var copy = self
        copy.foreignMembers = Self.merge(inherited: source, own: foreignMembers)
        return copy
    }

    /// `inherited` members not named in `own`, then `own`.
    public static func merge(inherited: [ForeignMember], own: [ForeignMember]) -> [ForeignMember] {
        let ownNames = Set(own.map(\.name))
        return inherited.filter { !ownNames.contains($0.name) } + own
    }
}
