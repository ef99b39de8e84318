extension FeatureCollection {
    /// This answer with the foreign members of the collection it was derived from first
    /// (`attribution`, `license`: RFC 7946 §6.1 allows them and ODbL data must keep its
    /// attribution), then the answer's own members, which win over inherited ones of the same name.
    public func inheriting(_ source: [ForeignMember]) -> FeatureCollection {
        let ownNames = Set(foreignMembers.map(\.name))
        var copy = self
        copy.foreignMembers = source.filter { !ownNames.contains($0.name) } + foreignMembers
        return copy
    }
}
