package writing

// The words copy may use without the listing stating them: grammar (stop
// words) and a short, reviewed list of style words per language. Every
// other word of copy makes a claim and must be grounded in the listing's
// fact sheet (ground.go). A style word here names no feature, status,
// award, fee, included extra, view, size or number: neutral_test.go holds
// each list against the catalogue's feature words and the lexicons of
// claims, so a word that would let an invention through cannot be added.
//
// Words are written as prose.Words folds them (lower case; accents
// folded by prose.FoldRune when the list is read).

// grammarWords are each language's function words: articles, pronouns,
// prepositions, conjunctions, auxiliaries and adverbs of degree.
var grammarWords = map[string]string{
	"en": `a an the and or but nor so yet of in on at to for from by with into onto about as than then this that these those
		it its it's is are was were be been being am do does did has have had having will would shall should can could may might must
		i me my we us our ours you your yours he she his her they them their who whom whose which what where when why how
		all any each every both either neither some such own same other another more most very too also just only even still
		here there up down out over under again inside outside now towards toward once off near nearby within without through during before after between
		while if because until not no s t ll re ve d m let lets get gets got make makes made feel feels`,
	"pt": `o a os as um uma uns umas de do da dos das em no na nos nas num numa ao aos à às por pelo pela pelos pelas para pra
		com sem sob sobre entre até desde e ou mas nem que se como quando onde quem qual quais cujo este esta estes estas esse essa
		esses essas isso isto aquele aquela aquilo seu sua seus suas meu minha nosso nossa nossos nossas você vocês voce voces ele ela
		eles elas nós nos lhe lhes é são ser era foram está estão estar esta tem têm ter há fica ficam muito muita muitos muitas
		mais menos bem já também tambem só so todo toda todos todas cada outro outra outros outras mesmo mesma aqui lá ali perto
		não nao pode podem vai vão seja sejam tudo d`,
	"es": `el la los las un una unos unas de del al a en por para con sin sobre entre hasta desde y e o u pero ni que como
		cuando donde quien cual cuales este esta estos estas ese esa esos esas eso esto aquel aquella su sus mi mis nuestro nuestra
		nuestros nuestras usted ustedes tu tus te se le les lo es son ser era está están estar estan tiene tienen tener hay muy
		más mas menos bien ya también tambien solo sólo todo toda todos todas cada otro otra otros otras mismo misma aquí aqui
		allí alli cerca no puede pueden va van sea sean junto`,
	"it": `il lo la i gli le un uno una un' di del dello della dei degli delle a al allo alla ai agli alle da dal dallo dalla dai
		dagli dalle in nel nello nella nei negli nelle su sul sullo sulla sui sugli sulle con per tra fra e ed o ma né che come
		quando dove chi quale quali questo questa questi queste quello quella quelli quelle suo sua suoi sue mio mia nostro nostra
		nostri nostre vostro vostra voi lei è sono essere era ha hanno avere c ci si molto molta molti molte più meno bene già anche
		solo tutto tutta tutti tutte ogni altro altra altri altre stesso stessa qui qua lì là vicino non può possono sia siano l d
		accanto dall dell nell sull all coll entro oltre presso`,
	"fr": `le la les l un une des de du d au aux à a en dans par pour avec sans sur sous entre jusqu jusque depuis et ou mais ni
		que qu qui quoi comme quand où dont ce cet cette ces son sa ses mon ma mes notre nos votre vos vous il elle ils elles on nous
		est sont être était c ça a ont avoir il y y très plus moins bien déjà aussi seulement tout toute tous toutes chaque autre
		autres même mêmes ici là près ne pas n peut peuvent va vont soit s se leur leurs`,
	"de": `der die das den dem des ein eine einen einem einer eines und oder aber noch doch sondern dass wenn als wie wo wer was
		welche welcher welches dieser diese dieses diesen jener sein seine ihr ihre ihren unser unsere unseren euer sie er es wir
		man ist sind war waren sein hat haben gibt es sehr mehr weniger gut schon auch nur alle alles jede jeder jedes andere anderen
		hier dort da nah nahe in im an am auf aus bei mit nach seit von vom zu zum zur über unter vor hinter zwischen durch für
		gegen ohne um bis nicht kann können wird werden allen aller jedem jeden jedes einem keinen ihrem ihren ihrer unserem unserer diesem dieser
		einen ins ans aufs beim vom zum zur dabei direkt gleich`,
}

// styleWords are words of tone a writer may add: verbs of enjoying and
// arriving, the stay itself, who it suits, and mild adjectives of
// welcome. None says the place has something, is rated, costs or
// includes something, looks out on something or measures something.
var styleWords = map[string]string{
	"en": `stay stays staying enjoy enjoying relax relaxing unwind discover explore experience experiences welcome welcoming
		ideal perfect great lovely beautiful nice comfortable comfy cozy cosy bright charming inviting pleasant warm
		home place space spot base retreat getaway escape trip trips visit visits visiting holiday holidays vacation vacations
		weekend weekends break breaks guests guest travellers travelers traveller traveler visitors families family couples
		friends groups everyone anyone something everything need needs want wants like love find offers offer offering
		set located situated features featuring includes including provides providing comes come has perfectly
		book your next easy easily ready day days night nights time moments memories city life style
		choice option right well-placed true real simply good fine
		see sees seeing look looks looking open opens walk walks walking cook cooking wash washing use using connected cool
		arranged arrange ask asked request little ones clothes building keep kept store return back head heading
		sits sit sitting reached reach tucked heart inspired stands stand order eat drink`,
	"pt": `estadia estada hospedagem aproveite aproveitar aproveitando relaxe relaxar descanse descansar descubra descobrir
		explore explorar experiência experiências bem-vindo bem-vindos bem-vinda acolhedor acolhedora acolhedores ideal ideais
		perfeito perfeita perfeitos perfeitas ótimo ótima ótimos ótimas lindo linda lindos lindas agradável agradáveis
		confortável confortáveis aconchegante aconchegantes charmoso charmosa lugar espaço cantinho refúgio base viagem viagens
		visita férias feriado fim semana fins hóspede hóspedes viajantes visitantes famílias família casais amigos grupos
		todos tudo precisa precisar oferece oferecem localizado localizada situado situada inclui conta dia dias noite noites
		momentos escolha opção bom boa aproveite use usar faça fazer volta voltar veja ver abra caminhe estilo além pequenos
		pequenas crianças guarda equipada equipado equipadas equipados coração inspiração inspirado inspirada troço parte`,
	"es": `estancia estadía hospedaje disfruta disfrutar disfrute relájate relajarse relajar descansa descansar descubre descubrir
		explora explorar experiencia experiencias bienvenido bienvenidos bienvenida acogedor acogedora acogedores ideal ideales
		perfecto perfecta perfectos perfectas estupendo estupenda bonito bonita bonitos bonitas agradable agradables cómodo cómoda
		cómodos cómodas confortable encantador encantadora lugar espacio rincón refugio base viaje viajes visita vacaciones
		escapada fin semana huésped huéspedes viajeros visitantes familias familia parejas amigos grupos todos todo necesitas
		ofrece ofrecen ubicado ubicada situado situada incluye cuenta día días noche noches momentos opción buen buena bueno
		usa usar haz hacer vuelve volver mira ver abre camina estilo además pequeños pequeñas niños equipada equipado equipadas
		corazón inspiración inspirado inspirada`,
	"it": `soggiorno soggiorni goditi godere godersi rilassati rilassarsi rilassante riposare scopri scoprire esplora esplorare
		esperienza esperienze benvenuto benvenuti benvenuta accogliente accoglienti ideale ideali perfetto perfetta perfetti
		perfette ottimo ottima bello bella belli belle piacevole piacevoli confortevole confortevoli comodo comoda comodi comode
		incantevole luogo posto spazio angolo rifugio base viaggio viaggi visita vacanza vacanze fine settimana ospite ospiti
		viaggiatori visitatori famiglie famiglia coppie amici gruppi tutti tutto bisogno offre offrono situato situata si trova
		include dispone giorno giorni notte notti momenti scelta buon buona usa usare fai fare torna tornare guarda vedere
		apri cammina stile inoltre piccoli piccole bambini attrezzata attrezzato attrezzate disposizione avviene trovate
		cuore affaccia affacciano ispirato ispirata ispirazione`,
	"fr": `séjour séjours profitez profiter détendez-vous détendre reposer découvrez découvrir explorez explorer expérience
		expériences bienvenue accueillant accueillante accueillants idéal idéale idéaux parfait parfaite parfaits parfaites
		agréable agréables confortable confortables chaleureux chaleureuse charmant charmante lieu endroit espace coin refuge base
		voyage voyages visite vacances escapade week-end week end voyageur voyageurs visiteurs familles famille couples amis
		groupes tous tout besoin offre offrent situé située propose comprend dispose jour jours nuit nuits moments choix bon bonne
		utilisez utiliser faites faire revenez revenir voyez voir ouvrez marchez style installé installée installés disposent
		petits petites enfants équipée équipé équipées servi servis servie cœur coeur inspiré inspirée inspiration`,
	"de": `aufenthalt aufenthalte genießen genießt entspannen entspannt erholen erholung entdecken entdeckt erkunden erlebnis
		erlebnisse willkommen einladend gemütlich gemütliche gemütlichen ideal ideale idealen perfekt perfekte perfekten schön schöne
		schönen angenehm angenehme angenehmen komfortabel komfortable komfortablen bequem bequeme charmant charmante ort platz raum
		ecke rückzugsort basis reise reisen besuch urlaub ferien wochenende gast gäste reisende besucher familien familie paare
		freunde gruppen alle alles brauchen bietet bieten liegt gelegen befindet umfasst verfügt tag tage nacht nächte momente wahl
		hell helle hellen nutzen nutzt genutzt erfolgt steht stehen bereit dazu außerdem kleinkinder kinder ausgestattet
		ausgestattete ausgestatteten stil herzen inspiriert inspirierte gehören gehört`,
}

// unitWordList name a unit — of length, time or a rating's stars — never a
// quantity: the numbers family holds the number beside one to a fact of
// the listing with its unit and meaning (and the claims family, a star
// rating to the listing's own).
const unitWordList = `m m2 sqm sq ft feet foot metre metres meter meters km kilometre kilometres kilometer kilometers mi mile miles
	min mins minute minutes hour hours h hrs metros metro minuto minutos hora horas quilômetros quilómetros kilómetros metri minuti ore
	chilometri mètres minute minutes heures kilomètres meter metern minuten stunden kilometer qm am pm a.m. p.m.
	star stars estrela estrelas estrella estrellas stella stelle étoile étoiles stern sterne
	day days night nights week weeks month months year years dia dias noite noites semana semanas mês meses ano anos
	día días noche noches año años giorno giorni notte notti settimana settimane mese mesi anno anni
	jour jours nuit nuits semaine semaines mois an ans tag tage nacht nächte woche wochen monat monate jahr jahre`
