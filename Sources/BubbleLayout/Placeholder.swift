enum BubbleLayoutPlaceholder {}
