// The front door: one import for the whole pipeline, archive to pixels.
@_exported import BubbleArchive
@_exported import BubbleLayout
@_exported import BubbleModel
@_exported import BubbleRender
@_exported import BubbleText
@_exported import BubbleTheme
@_exported import BubbleCairo
@_exported import BubbleCodec
@_exported import BubbleOutput
