// Word lists the benchmark dataset picks from, so names, captions and messages read like a real community.
// Lists of phrases are one per line; an empty entry makes the field blank for some rows.

const words = (text) => text.trim().split(/\s+/);
/** Some rows leave the field blank: a list with that many empty entries in front. */
const withBlanks = (count, list) => [...Array(count).fill(""), ...list];
const lines = (text) =>
  text
    .trim()
    .split("\n")
    .map((line) => line.trim());

export const bios = withBlanks(
  3,
  lines(`
  Coffee first, then everything else ☕
  Chasing light with a camera 📷
  Runner, reader, bad cook
  Plants, pottery and slow mornings 🌿
  Making small films about big skies
  Street food hunter 🍜
  Weekend climber, weekday coder
  Sketching my way around the city
  Dog person. Also cat person. 🐶🐱
  Sunsets collector 🌅
  Learning guitar one chord at a time 🎸
  Trail maps and tea
  Amateur baker, professional taster 🥐
  Here for the good vibes ✨
  Travel notes from everywhere ✈️
  Vinyl, vintage, vibes
  Swimming in cold water since 2019 🌊
`),
);

export const captions = lines(`
  Golden hour never gets old
  Sunday reset
  Found this little corner today
  Morning run views
  Best coffee in town, no debate
  Weekend mood
  Tried something new in the kitchen
  This light though
  Back at it
  Small joys
  Out of office 🌴
  City lights
  Rainy day plans
  A walk worth taking
  New favourite spot
  Proof that I went outside
  Throwback to last summer
  Fresh from the oven
  Mountains are calling
  The view from here
  Late night edit
  Friends, food, sunset
  First try, not bad
  Still thinking about this meal
  Quiet streets
  Colours of the market
  Road trip diaries
  Little wins
  Saturday project done
  Sea breeze and salty hair
  Look up sometimes
  Morning pages
  Snow day!
  Studio vibes
  Caught the last light
  Slow living
  Garden update 🌱
  Concert night
  Long story, great day
  Home is wherever the coffee is
`);

export const chatLines = lines(`
  Hey! How are you?
  Did you see the new post?
  Haha that's amazing
  Are we still on for Saturday?
  Sure, sounds good
  Running 10 min late, sorry!
  Where should we meet?
  That photo is incredible
  Thanks so much 🙏
  Let me check and get back to you
  Coffee tomorrow?
  I'm in!
  Can you send me the link?
  Just got home
  What time works for you?
  Good morning ☀️
  Congrats!! 🎉
  Miss you!
  That was so much fun
  Ok, see you there
  Happy birthday! 🎂
  Did you try that place?
  Not yet, maybe this weekend
  Totally agree
  lol
  On my way
  Sending you the photos now
  Perfect, thanks!
  How was the trip?
  Still can't believe it
  Let's plan something soon
  Yes please
  Good night 🌙
  Call me when you can
  Love it
  Who else is coming?
  Bring snacks 😄
  Great idea
  I'll be there at 7
  See you soon!
`);

export const commentLines = lines(`
  Love this! 😍
  So beautiful
  Where is this?
  Wow 🔥
  Need to go there
  This made my day
  Incredible shot
  Recipe please!
  Goals 🙌
  Haha yes
  The colours!
  Miss this place
  Stunning 😮
  So good
  Take me with you next time
  Absolutely love it
  Perfect timing
  Obsessed
  You always find the best spots
  This is art
  Beautiful light
  Teach me your ways
  Amazing work 👏
  Looks delicious
  Such a vibe
  Big fan of this
  Okay this is gorgeous
  How did you get this shot?
  Saving this
  Adding it to my list
  Legendary
  Can't stop looking
  Happy for you!
  So cozy
  Dream day
  🔥🔥🔥
  ❤️
  👏👏
  Wow, just wow
  Great vibes
`);

export const firstNames = words(`
  Aiko Amara Anders Ana Bea Bruno Camille Chen Dario Daniela Elif Emeka Farah Felix Greta Hana Hugo
  Ines Ivan Jonas Julia Kai Kofi Lena Leo Lucia Malik Maya Mateo Mira Nadia Nico Noor Olga Omar Paula
  Priya Quentin Rafael Rosa Sami Sofia Tariq Thea Tomas Uma Valentin Vera Wen Yara Yusuf Zoe Alma Ben
  Clara David Emma Finn Ida Jade
`);

export const groupNames = lines(`
  Weekend plans
  Book club 📚
  Running crew
  Family
  Trip to Lisbon
  Photo walk
  Roommates
  Game night 🎲
  Climbing gang
  Birthday surprise 🤫
  Recipe swap
  Band practice
`);

export const lastNames = words(`
  Abe Adeyemi Almeida Andersen Baker Becker Bianchi Brandt Castro Chowdhury Costa Dubois Eriksen
  Fischer Garcia Haddad Hansen Ibrahim Ito Jansen Kaya Kim Kowalski Larsen Laurent Li Lopez Mensah
  Meyer Moreau Murphy Nakamura Novak Okafor Olsen Park Patel Petrov Quinn Rossi Santos Sato Schmidt
  Silva Singh Sousa Tanaka Torres Ueda Varga Vidal Wagner Walsh Weber Xu Yilmaz Young Zhang Zielinski
  Nowak
`);

export const locations = withBlanks(
  4,
  lines(`
  Lisbon
  Kyoto
  Berlin
  Mexico City
  Cape Town
  Oslo
  Seoul
  Buenos Aires
  Marrakesh
  Vancouver
  Melbourne
  Istanbul
  Reykjavik
  Nairobi
  Barcelona
  Hanoi
`),
);

export const reactions = ["❤️", "🔥", "😂", "😍", "👏", "😮"];

export const tagSets = withBlanks(
  4,
  lines(`
  #travel #wanderlust
  #food #homemade
  #sunset #goldenhour
  #coffee #morning
  #fitness #run
  #nature #hiking
  #city #streetphotography
  #art #sketch
  #music #live
  #friends #weekend
  #pets #dogsofflik
  #baking #bread
  #beach #summer
  #mountains #outdoors
  #design #minimal
  #plants #garden
  #reading #books
  #snow #winter
  #style #ootd
  #film #35mm
`),
);
