extension DepthPhoto {
    /// The editor that `embedding`, `embeddingMatte` and `removing` of the front door write
    /// through, reading this photo within its own limits.
    package func editor() throws(DepthCheckError) -> PhotoEditor {
        try PhotoEditor(photo: bytes, name: name, limits: ReadLimits(limits))
    }
}
