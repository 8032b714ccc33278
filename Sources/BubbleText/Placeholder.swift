enum BubbleTextPlaceholder {}
