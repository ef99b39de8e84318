/// The WGS84 ellipsoid's constants, in one place for every formula that needs them
/// (PROJ's geodesics, Web Mercator's sphere, the query layer's fast distances).
package enum WGS84 {
    /// Equatorial radius a, in metres.
    @usableFromInline package static let semiMajorAxis = 6_378_137.0
    /// 1/f.
    package static let inverseFlattening = 298.257223563
    /// f.
    package static let flattening = 1 / inverseFlattening
    /// e² = f(2 − f).
    @usableFromInline package static let eccentricitySquared = (2 - 1 / inverseFlattening) / inverseFlattening
}
