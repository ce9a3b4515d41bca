/// The single place the version is written.
enum BloqVersion {
    static let current = "0.1.0"
}
