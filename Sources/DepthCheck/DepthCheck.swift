// The front door: everything of DepthCheckCore (the Foundation-free part the command line
// uses too), and the Foundation conveniences (URL, Data) of this module.
@_exported import DepthCheckCore
