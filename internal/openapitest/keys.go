package openapitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// duplicateKey returns an error naming the first object of a JSON document that holds a key
// twice. JSON decoders keep the last of two equal keys without a word, so an operation with
// two "parameters" lists would silently lose the first.
func duplicateKey(doc []byte) error {
	dec := json.NewDecoder(bytes.NewReader(doc))
	return walkValue(dec, "$")
}

// walkValue reads one value from dec, checking every object in it; path names where it is.
func walkValue(dec *json.Decoder, path string) error {
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			keyTok, err := dec.Token()
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			key, _ := keyTok.(string)
			if seen[key] {
				return fmt.Errorf("%s holds the key %q twice", path, key)
			}
			seen[key] = true
			if err := walkValue(dec, path+"."+key); err != nil {
				return err
			}
		}
		_, err = dec.Token() // '}'
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if err := walkValue(dec, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		_, err = dec.Token() // ']'
	}
	if err == io.EOF {
		err = nil
	}
	return err
}
