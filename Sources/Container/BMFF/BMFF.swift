/// Namespace for the ISO base media file format (ISO/IEC 14496-12): box headers, the
/// `meta` boxes that describe items, and the parse context shared by their readers.
package enum BMFF {}
