extension AuxSelection {
    /// The aux images chosen in `photo`, the lowest index first.
    public func chosen(in photo: DepthPhoto) -> [AuxImage] {
        chosen(in: photo.model).map(AuxImage.init)
    }

    /// The one aux image a command that writes one map takes from `photo` (named `file`), or
    /// why there is none to take: with an index, that image; with no kind, the depth or
    /// disparity map (none is refused, listing what the file has); `matte`, the portrait
    /// matte or the one semantic matte; any other kind, the lowest index of that kind.
    public func single(in photo: DepthPhoto, file: String) -> Result<AuxImage, SelectionRefusal> {
        single(in: photo.model, file: file).map(AuxImage.init)
    }

    /// Why nothing was chosen in `photo` (named `file`): what was asked and what it has.
    public func nothingChosen(in photo: DepthPhoto, file: String) -> String {
        nothingChosen(in: photo.model, file: file)
    }
}
