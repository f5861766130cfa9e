/// Namespace for the High Efficiency Image File Format (ISO/IEC 23008-12): item properties,
/// derived-image descriptors and the item graph of a HEIF file.
package enum HEIF {}
