import CHeifLazy

/// Whether libheif, which `CHeifLazy` loads on the first call, could be loaded, and why not:
/// without this a missing libheif reads as a context that could not be allocated.
enum LibheifAvailability {
    /// "libheif could not be loaded: " and the loader's reason, or nil when it is loaded.
    static var loadFailure: String? { dc_heif_load_failure().map { String(cString: $0) } }

    /// Why `heif_context_alloc` gave no context: the load failure, else libheif's own refusal.
    static var noContext: String { loadFailure ?? "libheif could not allocate a context" }
}
