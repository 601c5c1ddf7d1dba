/// The version of this package, written into the metadata of every exported log's header.
public enum ChatScrollPackage {
    /// The package version, such as `1.1.0`.
    public static let version = "1.1.0"
}
