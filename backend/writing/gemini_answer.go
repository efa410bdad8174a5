package writing

import (
	"errors"
	"fmt"

	"google.golang.org/genai"
)

// errNoCopy is an answer that carries no copy to use: the prompt was
// blocked, or the candidate stopped for another reason than STOP (a
// safety filter, recitation, its length limit…). The same prompt would be
// refused again, so it is not retried.
var errNoCopy = errors.New("no copy in the answer")

// noCopyError says why an answer had no copy: what the API said (for the
// log) and the same in plain words (for the host's note).
type noCopyError struct {
	field  string // "finishReason" or "promptFeedback.blockReason"
	reason string // as the API gives it: "SAFETY"
	plain  string // "Gemini's answer was blocked by its safety filter"
}

func (e *noCopyError) Error() string {
	return fmt.Sprintf("%s: %s %s", errNoCopy, e.field, e.reason)
}

func (e *noCopyError) Unwrap() error { return errNoCopy }

// finishWords are the candidate's finish reasons in a host's words.
var finishWords = map[genai.FinishReason]string{
	genai.FinishReasonSafety:                "Gemini's answer was blocked by its safety filter",
	genai.FinishReasonProhibitedContent:     "Gemini's answer was blocked as prohibited content",
	genai.FinishReasonRecitation:            "Gemini stopped its answer because it was repeating text from elsewhere",
	genai.FinishReasonBlocklist:             "Gemini's answer was blocked by a list of forbidden terms",
	genai.FinishReasonSPII:                  "Gemini's answer was blocked because it held personal information",
	genai.FinishReasonMaxTokens:             "Gemini's answer was cut off at its length limit",
	genai.FinishReasonLanguage:              "Gemini stopped because it does not support the listing's language",
	genai.FinishReasonMalformedFunctionCall: "Gemini's answer was malformed",
	genai.FinishReasonOther:                 "Gemini stopped its answer for a reason it did not give",
}

// blockWords are the prompt's block reasons in a host's words.
var blockWords = map[genai.BlockedReason]string{
	genai.BlockedReasonSafety:            "Gemini declined the request: its safety filter blocked it",
	genai.BlockedReasonProhibitedContent: "Gemini declined the request as prohibited content",
	genai.BlockedReasonBlocklist:         "Gemini declined the request: a list of forbidden terms blocked it",
	genai.BlockedReasonJailbreak:         "Gemini declined the request as an attempt to manipulate it",
	genai.BlockedReasonOther:             "Gemini declined the request for a reason it did not give",
}

// answerText is the copy text of a whole answer, or why there is none: a
// blocked prompt, no candidate, or a candidate that did not finish with
// STOP (its text may be cut short or filtered, so it is never used).
func answerText(resp *genai.GenerateContentResponse) (string, error) {
	if fb := resp.PromptFeedback; fb != nil && fb.BlockReason != "" {
		plain, ok := blockWords[fb.BlockReason]
		if !ok {
			plain = "Gemini declined the request (" + string(fb.BlockReason) + ")"
		}
		return "", &noCopyError{field: "promptFeedback.blockReason", reason: string(fb.BlockReason), plain: plain}
	}
	if len(resp.Candidates) == 0 || resp.Candidates[0] == nil {
		return "", &noCopyError{field: "candidates", reason: "none", plain: "Gemini's answer was empty"}
	}
	// An unset reason with text is read as STOP (older answers omit it).
	if fr := resp.Candidates[0].FinishReason; fr != genai.FinishReasonStop && fr != "" {
		plain, ok := finishWords[fr]
		if !ok {
			plain = "Gemini stopped its answer early (" + string(fr) + ")"
		}
		return "", &noCopyError{field: "finishReason", reason: string(fr), plain: plain}
	}
	return resp.Text(), nil
}
