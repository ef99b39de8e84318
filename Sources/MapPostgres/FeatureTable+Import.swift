import MapGeoJSON

extension FeatureTable {
    /// Imports `features` as `mapctl import` does: prepares the table (created with its index,
    /// version column and change trigger when missing), refuses one that already holds rows
    /// unless `append`, and writes every feature in one transaction, so a failed import
    /// writes nothing.
    /// - Returns: the number of features written.
    public func importFeatures(
        _ features: [Feature], collectionMembers: [ForeignMember] = [], append: Bool = false
    ) async throws(FeatureTableError) -> Int {
        try await prepare()
        let existing = try await count()
        if existing > 0 && !append {
            throw FeatureTableError(
                location, "table \(location.table) already holds \(existing) rows; import into a new table, or add --append")
        }
        // The collection's members describe a whole file: kept only when it fills the table.
        try await insert(features, collectionMembers: existing == 0 ? collectionMembers : [])
        return features.count
    }
}
