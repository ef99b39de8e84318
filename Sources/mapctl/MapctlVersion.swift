/// The version `mapctl --version` prints.
enum MapctlVersion {
    static let string = "0.1.0"
}
