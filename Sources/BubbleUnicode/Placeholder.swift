enum BubbleUnicodePlaceholder {}
