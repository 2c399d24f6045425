package creatures

import _ "embed"

// OpenAPI is the API's OpenAPI 3.1 description. Tests check real responses against it, so it
// cannot drift from the code.
//
//go:embed openapi.json
var OpenAPI []byte
