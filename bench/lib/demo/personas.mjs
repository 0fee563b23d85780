// The demo community: a fixed cast with their own look, posts, follows and conversations. Each post is
// [scene of art.mjs, caption, tags, location]; each flick is a scene filmed by a camera move (media.mjs).

/** Every demo member signs in with this password; `demo` is the account a newcomer uses. */
export const DEMO_PASSWORD = "flik-demo-42";

export const personas = [
  {
    username: "demo",
    fullName: "Alex Rivera",
    bio: "Just looking around Flik 👋 Say hi!",
    gender: "prefer_not_to_say",
    posts: [
      ["latte", "First post on Flik! Coffee and a fresh start ☕ #hello #coffee", "#hello #coffee", "Lisbon"],
      ["bokeh", "City lights from the tram window ✨ #citylights", "#citylights #evening", "Lisbon"],
      [
        "sunsetMountains",
        "Drove up for the sunset and it did not disappoint 🌄 #sunset",
        "#sunset #roadtrip",
        "Serra da Estrela",
      ],
    ],
  },
  {
    username: "maya_travels",
    fullName: "Maya Okafor",
    bio: "Travel notes from everywhere ✈️ Currently somewhere sunny",
    website: "https://maya-okafor.example.com",
    gender: "female",
    posts: [
      [
        "dunes",
        "Merzouga at 6am. Worth every minute of the alarm 🐪 #sahara #travel",
        "#sahara #travel #desert",
        "Merzouga",
      ],
      [
        "sunsetMountains",
        "The Andes said goodnight in pink 🌄 #mountains",
        "#mountains #sunset #peru",
        "Cusco",
      ],
      ["ocean", "Salt in my hair, nowhere to be 🌊 #beachday", "#beach #summer #pop", "Zanzibar"],
      [
        "dunes",
        "Sand, silence and a sky that goes on forever #wanderlust",
        "#wanderlust #desert #indie",
        "Wadi Rum",
      ],
      ["forest", "Morning fog in the cedar forest 🌲 #hiking", "#hiking #nature", "Ifrane"],
    ],
    flicks: [
      [
        "sunsetMountains",
        "zoom-out",
        "Sunset timelapse from the ridge 🌅 #sunset #flick",
        "#sunset #timelapse",
        "Cusco",
      ],
    ],
  },
  {
    username: "leo_nightshots",
    fullName: "Leo Tanaka",
    bio: "Night photographer. Blue hour is my favourite hour 🌃",
    website: "https://leo-tanaka.example.com",
    gender: "male",
    posts: [
      ["cityNight", "Blue hour over the harbour 🌃 #nightphotography", "#nightphotography #city", "Yokohama"],
      ["cityNight", "Every window is a story #citylights", "#citylights #urban", "Osaka"],
      [
        "aurora",
        "Waited four nights for this. Then the sky exploded 💚 #aurora",
        "#aurora #northernlights",
        "Tromsø",
      ],
      ["planet", "Playing with long exposures and a lot of imagination 🪐 #space", "#space #digitalart", ""],
      ["cityNight", "Rainy rooftops, neon reflections #tokyo", "#tokyo #night", "Tokyo"],
    ],
    flicks: [
      [
        "cityNight",
        "pan-right",
        "A slow walk along the skyline 🌆 #citylights #flick",
        "#citylights #night #synthwave",
        "Tokyo",
      ],
    ],
  },
  {
    username: "sofia_bakes",
    fullName: "Sofia Rossi",
    bio: "Amateur baker, professional taster 🥐 Sunday workshops in my kitchen",
    gender: "female",
    posts: [
      ["latte", "Latte art attempt #47. Getting there! ❤️ #latteart", "#latteart #coffee", "Bologna"],
      ["latte", "Matcha mornings 🍵 #matcha", "#matcha #morning #lofi", "Bologna"],
      ["flowers", "Fresh flowers for the bakery counter 🌼 #flowers", "#flowers #smallbusiness", "Bologna"],
      ["bokeh", "Christmas market glow ✨ #holidays", "#holidays #market", "Bolzano"],
      [
        "latte",
        "Cappuccino and a cornetto: the only breakfast #italianbreakfast",
        "#breakfast #coffee",
        "Bologna",
      ],
    ],
  },
  {
    username: "kai_designs",
    fullName: "Kai Andersen",
    bio: "Graphic designer. Shapes, colours, grids ◼️◻️",
    website: "https://kai-andersen.example.com",
    gender: "male",
    posts: [
      ["bauhaus", "Bauhaus study no. 12 #design #bauhaus", "#design #bauhaus #poster", "Copenhagen"],
      ["fluid", "Gradients are my comfort food #gradient", "#gradient #digitalart", ""],
      ["bauhaus", "Poster series for a jazz club 🎷 #posterdesign", "#posterdesign #jazz", "Copenhagen"],
      ["fluid", "Wallpaper drop: take it, it's free 💜 #wallpaper", "#wallpaper #gradient", ""],
      ["bauhaus", "Grid systems, but make it fun #graphicdesign", "#graphicdesign #grid", "Copenhagen"],
    ],
  },
  {
    username: "noor_paints",
    fullName: "Noor Haddad",
    bio: "Painter. Colour first, questions later 🎨",
    gender: "female",
    posts: [
      ["fluid", "Wet on wet, letting the colours decide 🎨 #painting", "#painting #abstract", "Beirut"],
      ["flowers", "Spring study in pink #floral", "#floral #painting", "Beirut"],
      ["bokeh", "Trying to paint light. Harder than it looks ✨ #art", "#art #light", "Beirut"],
      ["flowers", "Sunflowers for a rainy day 🌻 #sunflowers", "#sunflowers #happy", ""],
      ["fluid", "New series: 'Weather inside' #abstractart", "#abstractart #series", "Beirut"],
    ],
  },
  {
    username: "tomas_trails",
    fullName: "Tomas Novak",
    bio: "Trail runner. Maps, mountains and mud 🏔️",
    gender: "male",
    posts: [
      ["forest", "Into the woods at sunrise 🌲 #trailrunning", "#trailrunning #forest", "Šumava"],
      [
        "sunsetMountains",
        "30 km, 1,800 m up, one very happy runner #mountains",
        "#mountains #running",
        "High Tatras",
      ],
      ["forest", "Mist on the ridge, coffee in the thermos #outdoors", "#outdoors #hiking", "Krkonoše"],
      ["aurora", "Camping under the northern lights. Bucket list ✔️ #aurora", "#aurora #camping", "Abisko"],
      ["sunsetMountains", "Last light on the peaks #alpenglow", "#alpenglow #hiking", "Dolomites"],
    ],
  },
  {
    username: "priya_sea",
    fullName: "Priya Patel",
    bio: "Surfer, swimmer, sea lover 🌊 Lessons on weekends",
    gender: "female",
    posts: [
      ["ocean", "Glassy waves this morning 🏄‍♀️ #surf", "#surf #ocean", "Ericeira"],
      ["ocean", "The sea always knows what you need #saltwater", "#saltwater #calm", "Goa"],
      ["sunsetMountains", "Coastal hills after the session #sunset", "#sunset #coast", "Ericeira"],
      ["dunes", "Beach dunes and a long walk home #beachlife", "#beachlife #walk", "Sagres"],
      [
        "ocean",
        "Cold water club, 14°C and smiling 🥶 #coldwaterswimming",
        "#coldwaterswimming #sea",
        "Cascais",
      ],
    ],
    flicks: [
      [
        "ocean",
        "zoom-in",
        "Just the waves. Turn the sound on in your head 🌊 #flick",
        "#ocean #calm",
        "Ericeira",
      ],
    ],
  },
  {
    username: "emma_reads",
    fullName: "Emma Laurent",
    bio: "Books, coffee and long walks 📚 Currently reading: too many at once",
    gender: "female",
    posts: [
      ["latte", "Sunday = coffee + 100 pages ☕📚 #bookstagram", "#bookstagram #coffee", "Lyon"],
      ["flowers", "Pressed flowers as bookmarks. Yes, I'm that person 🌸 #books", "#books #flowers", "Lyon"],
      ["bokeh", "Reading by fairy lights #cozy", "#cozy #reading", "Lyon"],
      ["latte", "Café corner, rain outside, perfect #cafe", "#cafe #rainyday", "Paris"],
      ["bokeh", "The library after dark ✨ #library", "#library #night", "Paris"],
    ],
  },
  {
    username: "omar_skies",
    fullName: "Omar Ibrahim",
    bio: "Amateur astronomer. Clear skies, everyone 🔭",
    gender: "male",
    posts: [
      ["planet", "Saturn season! Rendered my telescope sketch 🪐 #astronomy", "#astronomy #saturn", "Aswan"],
      ["aurora", "Green curtains over the lake 💚 #northernlights", "#northernlights #night", "Rovaniemi"],
      ["planet", "What a gas giant might look like up close #space", "#space #planets", ""],
      ["aurora", "Aurora forecast: 100% happy #auroraborealis", "#auroraborealis #sky", "Tromsø"],
      ["cityNight", "Light pollution is real, but so is this view #city", "#city #nightsky", "Cairo"],
    ],
    flicks: [
      [
        "aurora",
        "pan-right",
        "The aurora moved like this for an hour 💚 #aurora #flick",
        "#aurora #northernlights",
        "Rovaniemi",
      ],
    ],
  },
  {
    username: "lena_studio",
    fullName: "Lena Fischer",
    bio: "Ceramics and slow living. Studio open on Fridays 🏺",
    website: "https://lena-fischer.example.com",
    gender: "female",
    posts: [
      ["bauhaus", "Glaze colour tests laid out like a poster #ceramics", "#ceramics #colour", "Berlin"],
      ["flowers", "Fresh tulips for the new vases 🌷 #studio", "#studio #flowers", "Berlin"],
      ["fluid", "Inspiration board for the autumn collection #moodboard", "#moodboard #design", "Berlin"],
      ["bauhaus", "Shapes I keep coming back to #pottery", "#pottery #shapes", "Berlin"],
      ["flowers", "Market day flowers 💐 #slowliving", "#slowliving #market", "Berlin"],
    ],
  },
  {
    username: "felix_films",
    fullName: "Felix Moreau",
    bio: "Short films about big skies 🎬",
    website: "https://felix-moreau.example.com",
    gender: "male",
    posts: [
      ["cityNight", "Location scouting for the next short #filmmaking", "#filmmaking #city", "Marseille"],
      ["ocean", "Storyboard frame, colour graded #cinematography", "#cinematography #sea", "Marseille"],
    ],
    flicks: [
      [
        "bokeh",
        "pan-down",
        "Lights drifting by, shot wide open ✨ #bokeh #flick",
        "#bokeh #cinematic",
        "Paris",
      ],
    ],
  },
];

/** Who follows whom beyond chance: `demo` follows most of the cast, so its feed starts full. */
export const demoFollows = [
  "maya_travels",
  "leo_nightshots",
  "sofia_bakes",
  "kai_designs",
  "noor_paints",
  "priya_sea",
  "emma_reads",
  "omar_skies",
  "felix_films",
];

export const commentLines = [
  "This is stunning 😍",
  "Wow, the colours!",
  "Where is this? Adding it to my list",
  "Absolutely love this 🔥",
  "You always find the best light",
  "Framing this in my head",
  "So peaceful",
  "Okay this made my day",
  "Need to go there asap ✈️",
  "The vibe is perfect",
  "Incredible work 👏",
  "I can almost feel it",
  "Saving this for inspiration",
  "Teach me your ways 🙏",
  "This deserves a print",
  "Beautiful as always",
  "Goals 🙌",
  "My new wallpaper, thank you!",
  "How did you get this shot?",
  "Can't stop looking at this",
];

/** Conversations, in order; `unread` leaves the last lines unseen by `demo`, so the chat badge shows. */
export const chats = [
  {
    members: ["maya_travels", "demo"],
    lines: [
      ["maya_travels", "Welcome to Flik, Alex! 🎉"],
      ["demo", "Thanks Maya! Your dune photos are unreal"],
      ["maya_travels", "Haha thank you! That was Merzouga at 6am, worth the alarm"],
      ["demo", "Adding it to my list. Any tips?"],
      ["maya_travels", "Go in October, and bring a scarf for the sand 🧣"],
      ["demo", "Noted! ✈️"],
    ],
  },
  {
    members: ["leo_nightshots", "demo"],
    lines: [
      ["leo_nightshots", "Hey Alex, are you coming to the photo walk on Saturday?"],
      ["demo", "Wouldn't miss it. What should I bring?"],
      ["leo_nightshots", "Just your phone. We start at the harbour at 7pm for blue hour"],
      ["demo", "Perfect, see you there 📷"],
    ],
  },
  {
    name: "Photo walk Saturday 📷",
    members: ["leo_nightshots", "demo", "kai_designs", "noor_paints", "tomas_trails", "omar_skies"],
    lines: [
      ["leo_nightshots", "Saturday 7pm at the harbour, blue hour starts around 7:20"],
      ["noor_paints", "I'm in! Bringing my sketchbook too ✏️"],
      ["tomas_trails", "Can we end on the hill? The view of the city lights is great"],
      ["omar_skies", "If the sky is clear, the moon rises at 9 🌕"],
      ["kai_designs", "Count me in. I'll bring snacks 😄"],
      ["demo", "First photo walk for me, excited!"],
      ["leo_nightshots", "Welcome aboard! 🙌"],
    ],
  },
  {
    members: ["emma_reads", "sofia_bakes"],
    lines: [
      ["emma_reads", "That latte art post... I need lessons"],
      ["sofia_bakes", "Come by on Sunday, I'll teach you! 🥐"],
      ["emma_reads", "Deal. I'll bring the book I told you about"],
      ["sofia_bakes", "Perfect pairing: coffee, pastry, pages ☕📚"],
    ],
  },
  {
    members: ["priya_sea", "demo"],
    unread: true,
    lines: [
      ["priya_sea", "Surf lesson next weekend if you want to try 🌊"],
      ["priya_sea", "Everybody starts in the whitewash, it's fun, promise"],
    ],
  },
];

/** Profile highlights: a name and which of the member's own posts (by number) it shows. */
export const highlights = {
  demo: [["Coffee", 0]],
  maya_travels: [
    ["Deserts", 0],
    ["Coast", 2],
    ["Mountains", 1],
  ],
  leo_nightshots: [
    ["Night", 0],
    ["Aurora", 2],
  ],
  omar_skies: [["Planets", 0]],
};
