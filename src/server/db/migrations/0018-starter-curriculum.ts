/**
 * The starter curriculum migration 0018 writes (issue 28, docs/decisions/026): written for this school in its own
 * words, not taken from any national programme. The owner edits it from /curriculum; this file is frozen with the
 * migration (a school's edits live in the database, not here).
 *
 * A skill listed in several levels is one skill: its latest rating counts in each (`key` links them).
 */

interface StarterSkill {
  key: string;
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  homeTip: string;
  homeTipEs: string;
}

interface StarterLevel {
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  /** Skill keys in order; `optional:` before a key makes it shown but not required to pass. */
  skills: string[];
}

export const starterRatings = [
  { label: "Not yet", labelEs: "Todavía no", mastered: false },
  { label: "Introduced", labelEs: "Presentada", mastered: false },
  { label: "Progressing", labelEs: "Avanzando", mastered: false },
  { label: "Mastered", labelEs: "Dominada", mastered: true },
];

export const starterSkills: StarterSkill[] = [
  {
    key: "happy-splash",
    name: "Enjoys the water",
    nameEs: "Disfruta del agua",
    description: "Relaxed in the water with a grown-up, splashes and plays without fuss.",
    descriptionEs: "Está tranquilo en el agua con un adulto, chapotea y juega sin protestar.",
    homeTip: "At bath time, pour water gently over the shoulders and make it a game.",
    homeTipEs: "A la hora del baño, echa agua suavemente sobre sus hombros y conviértelo en un juego.",
  },
  {
    key: "bubbles",
    name: "Blows bubbles",
    nameEs: "Hace burbujas",
    description: "Breathes out through the mouth with lips in the water, several times in a row.",
    descriptionEs: "Suelta el aire por la boca con los labios en el agua, varias veces seguidas.",
    homeTip: "Blow bubbles together in the bath or through a straw in a glass of water.",
    homeTipEs: "Haced burbujas juntos en la bañera o con una pajita en un vaso de agua.",
  },
  {
    key: "supported-back-float",
    name: "Floats on the back with support",
    nameEs: "Flota boca arriba con apoyo",
    description: "Lies back with ears in the water while a grown-up holds the head and shoulders.",
    descriptionEs:
      "Se tumba boca arriba con las orejas en el agua mientras un adulto le sujeta la cabeza y los hombros.",
    homeTip: "In the bath, let the ears rest in the water while you cradle the head and sing.",
    homeTipEs:
      "En la bañera, deja que las orejas descansen en el agua mientras le sostienes la cabeza y cantáis.",
  },
  {
    key: "supported-kick",
    name: "Kicks with support",
    nameEs: "Patalea con apoyo",
    description: "Kicks the legs while held or holding a float, moving forward a little.",
    descriptionEs: "Mueve las piernas sujetado o agarrado a un flotador y avanza un poco.",
    homeTip: "Sitting on the sofa, play at kicking long, straight legs from the hips.",
    homeTipEs: "Sentados en el sofá, jugad a patalear con las piernas largas y estiradas desde la cadera.",
  },
  {
    key: "edge-entry",
    name: "Gets in and out safely",
    nameEs: "Entra y sale con seguridad",
    description: "Enters from a seated position at the edge and climbs out, waiting for the signal.",
    descriptionEs: "Entra sentado desde el borde y sale trepando, esperando la señal.",
    homeTip: "Agree on a 'ready' word: no getting into any water until a grown-up says it.",
    homeTipEs: "Acordad una palabra de «listo»: nadie entra al agua hasta que un adulto la diga.",
  },
  {
    key: "face-in",
    name: "Puts the face in",
    nameEs: "Mete la cara",
    description: "Puts the whole face in the water for three seconds and lifts it calmly.",
    descriptionEs: "Mete toda la cara en el agua tres segundos y la saca con calma.",
    homeTip: "Count to three together while the face is in the bath water, then cheer.",
    homeTipEs: "Contad juntos hasta tres con la cara en el agua de la bañera y luego celebradlo.",
  },
  {
    key: "front-float",
    name: "Floats on the front",
    nameEs: "Flota boca abajo",
    description: "Floats face down, arms and legs spread like a star, for five seconds without help.",
    descriptionEs:
      "Flota boca abajo, con brazos y piernas abiertos como una estrella, cinco segundos sin ayuda.",
    homeTip: "Practise the star shape lying on the bed: long arms, long legs, still body.",
    homeTipEs: "Practicad la estrella tumbados en la cama: brazos largos, piernas largas, cuerpo quieto.",
  },
  {
    key: "back-float",
    name: "Floats on the back",
    nameEs: "Flota boca arriba",
    description: "Floats on the back with the tummy up for five seconds without help.",
    descriptionEs: "Flota boca arriba con la tripa hacia arriba cinco segundos sin ayuda.",
    homeTip: "Lying on the floor, push the tummy up to the ceiling and look up, chin soft.",
    homeTipEs: "Tumbados en el suelo, sube la tripa hacia el techo y mira arriba con la barbilla suelta.",
  },
  {
    key: "glide",
    name: "Pushes and glides",
    nameEs: "Se impulsa y se desliza",
    description: "Pushes off the wall or step into a long, streamlined glide on the front.",
    descriptionEs: "Se impulsa desde la pared o el escalón y se desliza boca abajo, largo y estirado.",
    homeTip: "Make an 'arrow' with the arms squeezing the ears and hold it for five seconds.",
    homeTipEs: "Haz una «flecha» con los brazos apretando las orejas y aguántala cinco segundos.",
  },
  {
    key: "roll-over",
    name: "Rolls from front to back",
    nameEs: "Gira de boca abajo a boca arriba",
    description: "Turns from floating face down to floating face up to breathe, without standing.",
    descriptionEs: "Pasa de flotar boca abajo a flotar boca arriba para respirar, sin ponerse de pie.",
    homeTip: "Practise the roll on a soft carpet: tummy, turn, tummy up and rest.",
    homeTipEs: "Practica el giro en una alfombra blanda: tripa abajo, giro, tripa arriba y descanso.",
  },
  {
    key: "flutter-kick",
    name: "Kicks five metres",
    nameEs: "Patalea cinco metros",
    description: "Kicks with a float for five metres, legs long and feet relaxed.",
    descriptionEs: "Patalea con un flotador cinco metros, con las piernas largas y los pies sueltos.",
    homeTip: "Sit on the edge of a chair and kick from the hips with floppy ankles.",
    homeTipEs: "Sentado al borde de una silla, patalea desde la cadera con los tobillos sueltos.",
  },
  {
    key: "front-crawl-10",
    name: "Front crawl, 10 metres",
    nameEs: "Crol, 10 metros",
    description: "Swims front crawl for ten metres with alternating arms and a steady kick.",
    descriptionEs: "Nada crol diez metros alternando los brazos con una patada constante.",
    homeTip: "Standing, reach long arms forward one after the other as if climbing a ladder lying down.",
    homeTipEs:
      "De pie, estira los brazos hacia delante uno tras otro, como si subieras una escalera tumbado.",
  },
  {
    key: "backstroke-10",
    name: "Backstroke, 10 metres",
    nameEs: "Espalda, 10 metros",
    description: "Swims on the back for ten metres with straight arms passing by the ear.",
    descriptionEs: "Nada de espalda diez metros con los brazos estirados pasando junto a la oreja.",
    homeTip: "Make big windmills backwards with straight arms, thumb out first.",
    homeTipEs: "Haz grandes molinos hacia atrás con los brazos estirados, sacando primero el pulgar.",
  },
  {
    key: "treading",
    name: "Treads water",
    nameEs: "Se mantiene a flote",
    description: "Stays upright in deep water with the head out for thirty seconds.",
    descriptionEs: "Se mantiene vertical en agua profunda con la cabeza fuera treinta segundos.",
    homeTip: "Sitting, draw slow circles with the hands and feet at the same time.",
    homeTipEs: "Sentado, dibuja círculos lentos con las manos y los pies a la vez.",
  },
  {
    key: "jump-return",
    name: "Jumps in and returns to the edge",
    nameEs: "Salta y vuelve al borde",
    description: "Jumps into deep water, comes up, turns and swims back to the edge to climb out.",
    descriptionEs:
      "Salta al agua profunda, sale a la superficie, se gira y vuelve nadando al borde para salir.",
    homeTip: "Talk about the plan: jump, float, turn, find the wall. Say it together before lessons.",
    homeTipEs: "Hablad del plan: saltar, flotar, girar, buscar la pared. Decidlo juntos antes de las clases.",
  },
  {
    key: "side-breathing",
    name: "Breathes to the side",
    nameEs: "Respira de lado",
    description: "Turns the head to the side to breathe in front crawl without lifting it forward.",
    descriptionEs: "Gira la cabeza de lado para respirar en crol sin levantarla hacia delante.",
    homeTip: "At the sink, put the face in a bowl of water, blow out, turn the head to breathe in.",
    homeTipEs:
      "En el lavabo, mete la cara en un bol de agua, suelta el aire y gira la cabeza para coger aire.",
  },
  {
    key: "front-crawl-25",
    name: "Front crawl, 25 metres",
    nameEs: "Crol, 25 metros",
    description: "Swims front crawl for twenty-five metres, breathing to the side without stopping.",
    descriptionEs: "Nada crol veinticinco metros respirando de lado sin pararse.",
    homeTip: "Count strokes between breaths out loud while walking: one, two, three, breathe.",
    homeTipEs: "Cuenta en voz alta las brazadas entre respiraciones mientras caminas: una, dos, tres, aire.",
  },
  {
    key: "backstroke-25",
    name: "Backstroke, 25 metres",
    nameEs: "Espalda, 25 metros",
    description: "Swims backstroke for twenty-five metres in a straight line, hips high.",
    descriptionEs: "Nada espalda veinticinco metros en línea recta, con la cadera alta.",
    homeTip: "Balance a soft toy on the forehead while walking: a still head keeps the line.",
    homeTipEs: "Camina con un peluche en la frente: la cabeza quieta mantiene la línea.",
  },
  {
    key: "breaststroke-kick",
    name: "Breaststroke kick",
    nameEs: "Patada de braza",
    description: "Kicks breaststroke with the feet turned out and both legs moving together.",
    descriptionEs: "Da la patada de braza con los pies hacia fuera y las dos piernas a la vez.",
    homeTip: "Lying on the tummy on the floor, bend the knees, turn the feet out and snap them together.",
    homeTipEs: "Boca abajo en el suelo, dobla las rodillas, gira los pies hacia fuera y júntalos con fuerza.",
  },
  {
    key: "breaststroke-15",
    name: "Breaststroke, 15 metres",
    nameEs: "Braza, 15 metros",
    description: "Swims breaststroke for fifteen metres: pull, breathe, kick, glide.",
    descriptionEs: "Nada braza quince metros: tirar, respirar, patada, deslizar.",
    homeTip: "Say the rhythm out loud while moving the arms: pull, breathe, kick, glide.",
    homeTipEs: "Di el ritmo en voz alta mientras mueves los brazos: tirar, respirar, patada, deslizar.",
  },
  {
    key: "surface-dive",
    name: "Dives from the surface",
    nameEs: "Se sumerge desde la superficie",
    description: "Goes down head first from the surface to pick up an object from the bottom.",
    descriptionEs: "Baja de cabeza desde la superficie para recoger un objeto del fondo.",
    homeTip: "Practise a tuck: knees to the chest, hold for three, then stretch out long.",
    homeTipEs: "Practica la bolita: rodillas al pecho, aguanta tres segundos y luego estírate.",
  },
  {
    key: "calm-breathing",
    name: "Breathes out calmly under water",
    nameEs: "Suelta el aire con calma bajo el agua",
    description: "Breathes out slowly through the nose and mouth with the face in the water, without hurry.",
    descriptionEs: "Suelta el aire despacio por la nariz y la boca con la cara en el agua, sin prisa.",
    homeTip: "Each day, take five slow breaths: in through the nose, long out through the mouth.",
    homeTipEs: "Cada día, haz cinco respiraciones lentas: entra por la nariz, sale larga por la boca.",
  },
  {
    key: "float-recover",
    name: "Floats and stands up again",
    nameEs: "Flota y vuelve a ponerse de pie",
    description: "Floats on the front or back and returns to standing without grabbing anything.",
    descriptionEs: "Flota boca abajo o boca arriba y vuelve a ponerse de pie sin agarrarse a nada.",
    homeTip: "Picture the move before the lesson: knees in, hands press down, feet find the floor.",
    homeTipEs: "Imagina el movimiento antes de la clase: rodillas dentro, manos empujan, pies al suelo.",
  },
  {
    key: "deep-water-exit",
    name: "Gets out of deep water",
    nameEs: "Sale del agua profunda",
    description: "Swims to the side from deep water and climbs out without a ladder.",
    descriptionEs: "Nada hasta el borde desde el agua profunda y sale sin escalera.",
    homeTip: "Press-ups against a table make the climb out easier.",
    homeTipEs: "Hacer flexiones apoyado en una mesa facilita salir del agua.",
  },
];

export const starterLevels: StarterLevel[] = [
  {
    name: "Water babies",
    nameEs: "Bebés al agua",
    description: "For the youngest, in the water with a grown-up: feeling at home in the water.",
    descriptionEs: "Para los más pequeños, en el agua con un adulto: sentirse a gusto en el agua.",
    skills: ["happy-splash", "bubbles", "supported-back-float", "supported-kick", "optional:edge-entry"],
  },
  {
    name: "Stage 1: Water confidence",
    nameEs: "Etapa 1: Confianza en el agua",
    description: "Getting in safely, face in, bubbles and first floats.",
    descriptionEs: "Entrar con seguridad, meter la cara, hacer burbujas y primeras flotaciones.",
    skills: ["edge-entry", "bubbles", "face-in", "front-float", "back-float"],
  },
  {
    name: "Stage 2: Float and glide",
    nameEs: "Etapa 2: Flotar y deslizarse",
    description: "Gliding, rolling over to breathe and a first steady kick.",
    descriptionEs: "Deslizarse, girarse para respirar y una primera patada constante.",
    skills: ["glide", "roll-over", "flutter-kick", "front-float", "back-float"],
  },
  {
    name: "Stage 3: First strokes",
    nameEs: "Etapa 3: Primeros estilos",
    description: "Front crawl and backstroke over short distances, and staying safe in deep water.",
    descriptionEs: "Crol y espalda en distancias cortas, y mantenerse seguro en agua profunda.",
    skills: ["front-crawl-10", "backstroke-10", "treading", "jump-return", "optional:side-breathing"],
  },
  {
    name: "Stroke development",
    nameEs: "Perfeccionamiento de estilos",
    description: "Longer swims with good breathing, breaststroke and diving from the surface.",
    descriptionEs: "Nadar más distancia respirando bien, braza y sumergirse desde la superficie.",
    skills: [
      "side-breathing",
      "front-crawl-25",
      "backstroke-25",
      "breaststroke-kick",
      "breaststroke-15",
      "optional:surface-dive",
    ],
  },
  {
    name: "Adults",
    nameEs: "Adultos",
    description: "For grown-ups learning or returning: calm breathing, floating and safe swimming.",
    descriptionEs: "Para adultos que aprenden o vuelven: respiración tranquila, flotación y nado seguro.",
    skills: ["calm-breathing", "float-recover", "front-crawl-10", "treading", "deep-water-exit"],
  },
];
