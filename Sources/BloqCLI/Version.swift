/// The single place the version is written.
public enum BloqVersion {
    public static let current = "0.1.0"
}
