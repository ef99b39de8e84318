/// The WGS84 ellipsoid's constants, in one place for every formula that needs them
/// (PROJ's geodesics, Web Mercator's sphere, the query layer's fast distances).
@usableFromInline enum WGS84 {
    /// Equatorial radius a, in metres.
    @usableFromInline static let semiMajorAxis = 6_378_137.0
    /// 1/f.
    static let inverseFlattening = 298.257223563
    /// f.
    static let flattening = 1 / inverseFlattening
    /// e² = f(2 − f).
    @usableFromInline static let eccentricitySquared = (2 - 1 / inverseFlattening) / inverseFlattening
}
