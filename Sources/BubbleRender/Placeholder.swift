enum BubbleRenderPlaceholder {}
