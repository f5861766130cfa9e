"""The records of ``depthcheck check --format jsonl`` as TypedDicts.

Generated from schemas/check-line.schema.json by Scripts/gen_python_types.py; run it
after changing the schema rather than editing this file. The keys a record may lack
are those of the class declared with ``total=False``.
"""

from typing import List, Literal, Optional, TypedDict, Union

__all__ = [
    'AuxImage',
    'AuxImageDepthRepresentation',
    'AuxImageDescription',
    'AuxImageMetadataItem',
    'AuxImageRange',
    'AuxImageStatistics',
    'AuxImageStatisticsChannel',
    'AuxImageToneMap',
    'AuxImageToneMapChannel',
    'AuxImageValues',
    'CheckRecord',
    'Finding',
    'Number',
    'Primary',
    'Rules',
    'Transforms',
    'TransformsCleanAperture',
]


class TransformsCleanAperture(TypedDict, total=False):
    """Schema: ``#/definitions/transforms/properties/cleanAperture``."""

    width: float
    height: float
    horizontalOffset: float
    verticalOffset: float


class Transforms(TypedDict, total=False):
    """Schema: ``#/definitions/transforms``."""

    rotation: int
    mirrorAxis: int
    cleanAperture: TransformsCleanAperture


class _PrimaryRequired(TypedDict):
    width: int
    height: int
    orientation: Optional[int]
    codec: str


class Primary(_PrimaryRequired, total=False):
    """Schema: ``#/properties/primary``."""

    itemID: int
    transforms: Transforms


class AuxImageDescription(TypedDict, total=False):
    """Schema: ``#/definitions/auxImage/properties/description``."""

    PixelFormat: str
    Width: int
    Height: int
    BytesPerRow: int


class AuxImageMetadataItem(TypedDict):
    """Schema: ``#/definitions/auxImage/properties/metadata/items``."""

    key: str
    value: Union[str, List[str]]


#: A number; null where undefined; the strings inf and -inf for infinities.
Number = Optional[Union[float, str]]


class AuxImageStatisticsChannel(TypedDict, total=False):
    """Schema: ``#/definitions/auxImage/properties/statistics/properties/channels/items``."""

    min: Number
    max: Number
    mean: Number
    nanCount: int
    histogram: List[int]


class AuxImageStatistics(TypedDict, total=False):
    """Schema: ``#/definitions/auxImage/properties/statistics``."""

    min: Number
    max: Number
    mean: Number
    nanCount: int
    histogram: List[int]
    #: A colour gain map only: the same statistics for red, green and blue.
    channels: List[AuxImageStatisticsChannel]


class AuxImageValues(TypedDict, total=False):
    """Schema: ``#/definitions/auxImage/properties/values``."""

    source: str
    unit: str
    units: str
    bitDepth: int
    #: Samples per pixel when more than one (3: a colour gain map).
    channels: int


class AuxImageToneMapChannel(TypedDict, total=False):
    """Schema: ``#/definitions/auxImage/properties/toneMap/properties/channels/items``."""

    gainMapMin: Optional[float]
    gainMapMax: Optional[float]
    gamma: Optional[float]
    baseOffset: Optional[float]
    alternateOffset: Optional[float]


class AuxImageToneMap(TypedDict, total=False):
    """Schema: ``#/definitions/auxImage/properties/toneMap``."""

    itemID: int
    version: int
    baseHdrHeadroom: Optional[float]
    alternateHdrHeadroom: Optional[float]
    channels: List[AuxImageToneMapChannel]


class AuxImageRange(TypedDict, total=False):
    """Schema: ``#/definitions/auxImage/properties/range``."""

    IntMinValue: int
    IntMaxValue: int
    FloatMinValue: float
    FloatMaxValue: float


class AuxImageDepthRepresentation(TypedDict, total=False):
    """Schema: ``#/definitions/auxImage/properties/depthRepresentation``."""

    representationType: int
    zNear: float
    zFar: float
    dMin: float
    dMax: float
    disparityReferenceView: int


class _AuxImageRequired(TypedDict):
    index: int
    kind: Literal['depth', 'disparity', 'portraitEffectsMatte', 'semanticMatte', 'hdrGainMap', 'alpha', 'confidence', 'view', 'original', 'unknown']
    auxType: Optional[str]
    width: Optional[int]
    height: Optional[int]
    description: Optional[AuxImageDescription]
    storedFormat: Optional[str]
    metadata: List[AuxImageMetadataItem]
    codec: str
    offset: int
    path: str


class AuxImage(_AuxImageRequired, total=False):
    """Schema: ``#/definitions/auxImage``."""

    statistics: Optional[AuxImageStatistics]
    values: AuxImageValues
    decodeError: str
    toneMap: AuxImageToneMap
    semanticMatte: str
    components: int
    bitDepth: int
    range: AuxImageRange
    depthRepresentation: AuxImageDepthRepresentation
    masters: List[int]
    transforms: Transforms


class _FindingRequired(TypedDict):
    rule: str
    severity: Literal['error', 'warning', 'note']
    offset: Optional[int]
    path: str
    message: str


class Finding(_FindingRequired, total=False):
    """Schema: ``#/definitions/finding``."""

    citation: str


class Rules(TypedDict):
    """Schema: ``#/properties/rules``."""

    passed: List[str]
    failed: List[str]
    notApplicable: List[str]


class _CheckRecordRequired(TypedDict):
    #: As given or walked; bytes that are not UTF-8 are \udcXX escapes (Python: os.fsencode).
    path: str
    container: Optional[Literal['jpeg', 'heif']]
    verdict: Literal['pass', 'fail', 'unreadable']
    findings: List[Finding]


class CheckRecord(_CheckRecordRequired, total=False):
    """One line of depthcheck check --format jsonl. One object per checked path, in input
    order, written with one write(2). The rule lists ('rules') appear only with
    --rules-detail. Metadata is a list of {key, value}, so the shape does not change with
    the keys a vendor writes. Fields marked optional appear only where the file has them
    (statistics and values with --pixels). Schema: ``#``.
    """

    #: Only when the path is not UTF-8: its exact bytes in base64 (RFC 4648 §4), for engines
    #: whose strings must be UTF-8.
    pathBytes: str
    primary: Primary
    auxImages: List[AuxImage]
    #: Present only when the record was shortened to stay within 4,096 bytes (PIPE_BUF) with its
    #: line feed: what it lost, in this order. messages: finding messages cut (ending in …);
    #: metadata: metadata values cut, or the lists emptied; histograms, citations, statistics:
    #: left out; findings, auxImages: only the first ones kept (findingsOmitted,
    #: auxImagesOmitted say how many went).
    shortened: List[Literal['messages', 'metadata', 'histograms', 'citations', 'statistics', 'findings', 'auxImages']]
    #: Findings left out of a shortened record (after the ones it holds).
    findingsOmitted: int
    #: Aux images left out of a shortened record (after the ones it holds).
    auxImagesOmitted: int
    rules: Rules
