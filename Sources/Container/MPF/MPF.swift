/// Namespace for the Multi-Picture Format: the APP2 `MPF\0` segment that indexes the images
/// stored one after another in a JPEG file.
///
/// CIPA DC-007-2009 (Multi-Picture Format) §5.2.
package enum MPF {}
