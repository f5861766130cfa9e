/// Namespace for the JPEG interchange format: the marker-segment lexer, frame headers and the
/// multi-image file model (primary plus MPF secondary images).
///
/// ITU-T T.81 (1992) Annex B; CIPA DC-007-2009 (MPF) for the multi-image layout.
package enum JPEG {}
