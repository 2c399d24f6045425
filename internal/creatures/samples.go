package creatures

func text(s string) *string { return &s }

// Samples are the test rows that creatures.sql inserts and that a new SQLite catalog starts
// with, so a fresh clone has something to show.
var Samples = []Input{
	{Name: "Axolotl", Species: "Ambystoma mexicanum", Habitat: text("Lake Xochimilco canals, Mexico City"), DangerLevel: 0,
		Description: text("A salamander that keeps its larval gills for life and can regrow limbs, heart tissue and parts of its brain.")},
	{Name: "Komodo Dragon", Species: "Varanus komodoensis", Habitat: text("Dry savanna of Komodo, Rinca and Flores"), DangerLevel: 8,
		Description: text("The largest living lizard, up to three metres long; its bite delivers venom that stops blood clotting.")},
	{Name: "Box Jellyfish", Species: "Chironex fleckeri", Habitat: text("Coastal waters of northern Australia"), DangerLevel: 9,
		Description: text("Nearly transparent; its tentacles carry millions of stinging cells whose venom can stop a heart within minutes.")},
	{Name: "Snow Leopard", Species: "Panthera uncia", Habitat: text("Mountains of Central and South Asia, 3 000–4 500 m"), DangerLevel: 5,
		Description: text("A solitary cat whose thick tail serves as balance on cliffs and as a scarf in the cold.")},
	{Name: "Tardigrade", Species: "Hypsibius dujardini", Habitat: text("Moss and lichen, worldwide"), DangerLevel: 0,
		Description: text("Half a millimetre long; survives drying out, freezing and the vacuum of space by entering a tun state.")},
	{Name: "Saltwater Crocodile", Species: "Crocodylus porosus", Habitat: text("Estuaries and mangroves from India to Australia"), DangerLevel: 9,
		Description: text("The largest living reptile and an ambush hunter with the strongest bite force ever measured.")},
	{Name: "Blue Whale", Species: "Balaenoptera musculus", Habitat: text("All oceans"), DangerLevel: 1,
		Description: text("The largest animal known to have lived; it feeds almost only on krill, up to four tonnes a day.")},
	{Name: "Poison Dart Frog", Species: "Phyllobates terribilis", Habitat: text("Rainforest of Colombia's Pacific coast"), DangerLevel: 7,
		Description: text("Its skin holds batrachotoxin; captive-bred frogs, fed a different diet, are harmless.")},
	{Name: "Resplendent Quetzal", Species: "Pharomachrus mocinno", Habitat: text("Cloud forests from Chiapas to Panama"), DangerLevel: 0,
		Description: text("Sacred to the Maya and Aztecs; the male's tail coverts grow up to a metre long.")},
	{Name: "Honey Badger", Species: "Mellivora capensis", Habitat: text("Sub-Saharan Africa, Arabia and India"), DangerLevel: 4,
		Description: text("Thick loose skin lets it twist round in a predator's grip; it raids beehives for larvae.")},
	{Name: "Mantis Shrimp", Species: "Odontodactylus scyllarus", Habitat: text("Indo-Pacific coral reefs"), DangerLevel: 2,
		Description: text("Its club strikes with the acceleration of a bullet and can crack aquarium glass.")},
	{Name: "Platypus", Species: "Ornithorhynchus anatinus", Habitat: text("Rivers of eastern Australia and Tasmania"), DangerLevel: 2,
		Description: text("An egg-laying mammal that hunts by electroreception; males carry venomous ankle spurs.")},
	{Name: "Coelacanth", Species: "Latimeria chalumnae", Habitat: text("Deep slopes off the Comoros"), DangerLevel: 0,
		Description: text("Known only from fossils until 1938; its lobed fins move in the same order as a walking tetrapod's legs.")},
	{Name: "Ōkami (Japanese Wolf)", Species: "Canis lupus hodophilax", Habitat: nil, DangerLevel: 3,
		Description: nil},
}
