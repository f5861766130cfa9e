import DepthCheckCore
import Foundation

extension DepthPhoto {
    /// Reads the photo at `url` (a file URL).
    public init(contentsOf url: URL) throws(DepthCheckError) {
        try self.init(path: url.path)
    }
}
