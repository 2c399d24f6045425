package imagetest

import (
	"fmt"
	"image"
)

func typeName(img image.Image) string { return fmt.Sprintf("%T", img) }
