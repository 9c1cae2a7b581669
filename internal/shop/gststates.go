package shop

// stateCodes are the GST state codes of the states and union territories,
// by the names the shipping form offers (web/src/lib/districts.json).
var stateCodes = map[string]string{
	"Jammu and Kashmir": "01",
	"Himachal Pradesh":  "02",
	"Punjab":            "03",
	"Chandigarh":        "04",
	"Uttarakhand":       "05",
	"Haryana":           "06",
	"Delhi":             "07",
	"Rajasthan":         "08",
	"Uttar Pradesh":     "09",
	"Bihar":             "10",
	"Sikkim":            "11",
	"Arunachal Pradesh": "12",
	"Nagaland":          "13",
	"Manipur":           "14",
	"Mizoram":           "15",
	"Tripura":           "16",
	"Meghalaya":         "17",
	"Assam":             "18",
	"West Bengal":       "19",
	"Jharkhand":         "20",
	"Odisha":            "21",
	"Chhattisgarh":      "22",
	"Madhya Pradesh":    "23",
	"Gujarat":           "24",
	"Dadra and Nagar Haveli and Daman and Diu": "26",
	"Maharashtra":                 "27",
	"Karnataka":                   "29",
	"Goa":                         "30",
	"Lakshadweep":                 "31",
	"Kerala":                      "32",
	"Tamil Nadu":                  "33",
	"Puducherry":                  "34",
	"Andaman and Nicobar Islands": "35",
	"Telangana":                   "36",
	"Andhra Pradesh":              "37",
	"Ladakh":                      "38",
}

// GSTStateCode is the GST code of a state or union territory, "" for a name
// that is none.
func GSTStateCode(state string) string { return stateCodes[state] }
