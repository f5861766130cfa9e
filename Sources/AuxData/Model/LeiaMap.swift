/// An image of a Leia LIF trailer (`JPEG.LeiaFields`): another view of a 3D photo, or a view's
/// disparity map, as the trailer's JSON names them by field type.
package struct LeiaMap: Sendable, Equatable {
    /// The field that holds the image.
    package let fieldType: UInt32
    /// The view the JSON lists it for, from 0.
    package let view: Int

    package init(fieldType: UInt32, view: Int) {
        self.fieldType = fieldType
        self.view = view
    }
}
