import type { BillingFrequency, ItemPaymentType, MembershipType, PeriodUnit } from './tables/catalog'

/** The demo studio's zone and currency: its schedule is stored as local times in this zone. */
export const DEMO_TIME_ZONE = 'America/New_York'
export const DEMO_CURRENCY = 'USD'

/** The spec's demo course (settings spec 9: 'Introductory Session'). */
export const DEMO_COURSE_NAME = 'Introductory Session'

export interface SeedPriceOption {
  name: string
  priceMinor: number
  isTaxable?: boolean
  maxQuantity?: number
  membershipType?: MembershipType
  credits?: number
  frequency?: BillingFrequency
  numberOfBillingCycles?: number
  registrationFeeMinor?: number
  trial?: { duration: number; unit: PeriodUnit }
}

export interface SeedChapter {
  title: string
  content: { type: 'text'; html: string } | { type: 'video'; url: string; embedUrl: string }
  isDemo?: boolean
}

export interface SeedCourse {
  name: string
  slug: string
  summary: string
  descriptionHtml: string
  paymentType: ItemPaymentType
  isAllowDemoChapters: boolean
  isFeatured?: boolean
  prices: SeedPriceOption[]
  sections: Array<{ title: string; chapters: SeedChapter[] }>
}

export const demoCourses: SeedCourse[] = [
  {
    name: DEMO_COURSE_NAME,
    slug: 'introductory-session',
    summary: 'A free first lesson: how the studio works, what to bring and a short practice to try at home.',
    descriptionHtml: '<p>New to yoga or new to us? Start here. In three short chapters you will meet the studio, learn a simple breathing practice and know what to bring to your first class.</p>',
    paymentType: 'FREE',
    isAllowDemoChapters: true,
    isFeatured: true,
    prices: [],
    sections: [
      {
        title: 'Welcome',
        chapters: [
          { title: 'Welcome to the studio', isDemo: true, content: { type: 'text', html: '<p>We are glad you are here. Our classes are small, our teachers know your name, and every level is welcome.</p>' } },
          {
            title: 'A five-minute breathing practice',
            isDemo: true,
            content: { type: 'video', url: 'https://www.youtube.com/watch?v=inpok4MKVLM', embedUrl: 'https://www.youtube.com/embed/inpok4MKVLM' },
          },
        ],
      },
      {
        title: 'Before your first class',
        chapters: [
          { title: 'What to bring', content: { type: 'text', html: '<ul><li>Comfortable clothes</li><li>A water bottle</li><li>A mat, or borrow one of ours</li></ul>' } },
        ],
      },
    ],
  },
  {
    name: 'Yoga Foundations',
    slug: 'yoga-foundations',
    summary: 'Six weeks of the postures, breath and alignment every class builds on, at your own pace.',
    descriptionHtml: '<p>A self-paced course for beginners: standing poses, sun salutations, twists and rest, each with a short video and notes.</p>',
    paymentType: 'PAID',
    isAllowDemoChapters: true,
    prices: [{ name: 'Full course', priceMinor: 14900, isTaxable: true }],
    sections: [
      {
        title: 'Week 1: Standing well',
        chapters: [
          { title: 'Mountain pose', isDemo: true, content: { type: 'text', html: '<p>Everything starts from standing. Feet hip-width apart, weight even, crown of the head lifting.</p>' } },
          { title: 'Warrior II', content: { type: 'video', url: 'https://vimeo.com/76979871', embedUrl: 'https://player.vimeo.com/video/76979871' } },
        ],
      },
      {
        title: 'Week 2: Sun salutations',
        chapters: [
          { title: 'Half salutation', content: { type: 'text', html: '<p>Inhale arms up, exhale fold, inhale halfway lift, exhale fold, inhale rise.</p>' } },
          { title: 'Full salutation', content: { type: 'text', html: '<p>Add the plank, the lowering and upward dog; move with the breath.</p>' } },
        ],
      },
      {
        title: 'Week 3: Twists and rest',
        chapters: [{ title: 'Seated twist and savasana', content: { type: 'text', html: '<p>Twist from the belly, not the shoulders; then rest for five full minutes.</p>' } }],
      },
    ],
  },
  {
    name: '200-Hour Teacher Training',
    slug: '200-hour-teacher-training',
    summary: 'Our registered teacher training: anatomy, sequencing, philosophy and teaching practice.',
    descriptionHtml: '<p>Ten weekends over five months, with home study between them. Pay in full or in six monthly payments.</p>',
    paymentType: 'PAID',
    isAllowDemoChapters: false,
    prices: [
      { name: 'Pay in full', priceMinor: 240000 },
      { name: 'Six monthly payments', priceMinor: 42000, membershipType: 'recurring', frequency: 'monthly', numberOfBillingCycles: 6, registrationFeeMinor: 10000 },
    ],
    sections: [
      {
        title: 'Module 1: Anatomy',
        chapters: [
          { title: 'The spine', content: { type: 'text', html: '<p>Curves, movement and what each posture asks of it.</p>' } },
          { title: 'Hips and shoulders', content: { type: 'text', html: '<p>Ball-and-socket joints and how to keep them safe.</p>' } },
        ],
      },
      { title: 'Module 2: Sequencing', chapters: [{ title: 'Building a class', content: { type: 'text', html: '<p>Arrive, warm up, peak, cool down, rest.</p>' } }] },
    ],
  },
]

export const demoRooms = [
  { name: 'Main Studio', capacity: 24 },
  { name: 'Garden Room', capacity: 12 },
] as const

/** The second demo teacher is on the books already (seed-contacts); the first is Sam Staff. */
export const demoTeacherEmails = ['staff@demo.test', 'yuki.tanaka@example.test'] as const

export interface SeedClass {
  name: string
  slug: string
  summary: string
  paymentType: ItemPaymentType
  dropInMinor: number | null
  weekdays: number[]
  startTime: string
  durationMinutes: number
  capacity: number
  colour: string
  teacherEmail: (typeof demoTeacherEmails)[number]
  room: (typeof demoRooms)[number]['name']
}

export const demoClasses: SeedClass[] = [
  { name: 'Morning Vinyasa', slug: 'morning-vinyasa', summary: 'A flowing, breath-led practice to start the day.', paymentType: 'PAID', dropInMinor: 2000, weekdays: [1, 3, 5], startTime: '07:00', durationMinutes: 60, capacity: 20, colour: '4d8dfc', teacherEmail: 'staff@demo.test', room: 'Main Studio' },
  { name: 'Community Lunchtime Flow', slug: 'community-lunchtime-flow', summary: 'A short, free class open to everyone.', paymentType: 'FREE', dropInMinor: null, weekdays: [2, 4], startTime: '12:15', durationMinutes: 45, capacity: 12, colour: '2e9e6a', teacherEmail: 'yuki.tanaka@example.test', room: 'Garden Room' },
  { name: 'Evening Hatha', slug: 'evening-hatha', summary: 'Held postures and long breaths to end the working day.', paymentType: 'PAID', dropInMinor: 2000, weekdays: [1, 3], startTime: '18:30', durationMinutes: 75, capacity: 24, colour: 'e07a2e', teacherEmail: 'yuki.tanaka@example.test', room: 'Main Studio' },
  { name: 'Power Yoga', slug: 'power-yoga', summary: 'Strong, sweaty and steady: build heat and strength.', paymentType: 'PAID', dropInMinor: 2200, weekdays: [2, 4], startTime: '18:00', durationMinutes: 60, capacity: 20, colour: 'c2334d', teacherEmail: 'staff@demo.test', room: 'Main Studio' },
  { name: 'Weekend Slow Flow', slug: 'weekend-slow-flow', summary: 'An unhurried Saturday practice with a long rest.', paymentType: 'PAID', dropInMinor: 2000, weekdays: [6], startTime: '09:00', durationMinutes: 90, capacity: 24, colour: '7b5cd6', teacherEmail: 'yuki.tanaka@example.test', room: 'Main Studio' },
  { name: 'Pilates Mat', slug: 'pilates-mat', summary: 'Core strength and control on the mat.', paymentType: 'PAID', dropInMinor: 2200, weekdays: [7], startTime: '10:30', durationMinutes: 60, capacity: 12, colour: '1f8a9e', teacherEmail: 'staff@demo.test', room: 'Garden Room' },
]

/** Weekly schedules start this many weeks before the seed and run for a year, so past and future both show. */
export const DEMO_SCHEDULE_WEEKS_BACK = 4
export const DEMO_SCHEDULE_WEEKS = 52

export interface SeedEvent {
  name: string
  slug: string
  summary: string
  descriptionHtml: string
  paymentType: ItemPaymentType
  priceMinor: number | null
  /** Days after the seed's local date. */
  inDays: number
  startTime: string
  endTime: string
  capacity: number | null
  isFeatured: boolean
  venue: { name: string; line1: string; city: string; state: string; zip: string }
}

export const demoEvents: SeedEvent[] = [
  {
    name: 'Spring Equinox Workshop',
    slug: 'spring-equinox-workshop',
    summary: 'Three hours of practice, breath work and a shared tea to mark the season.',
    descriptionHtml: '<p>A slow afternoon workshop for all levels. Tea and snacks included.</p>',
    paymentType: 'PAID',
    priceMinor: 4500,
    inDays: 10,
    startTime: '14:00',
    endTime: '17:00',
    capacity: 30,
    isFeatured: true,
    venue: { name: 'Main Studio', line1: '12 Market Street', city: 'Springfield', state: 'IL', zip: '62701' },
  },
  {
    name: 'Sound Bath and Restorative Evening',
    slug: 'sound-bath-and-restorative-evening',
    summary: 'Supported poses and singing bowls for a deep rest.',
    descriptionHtml: '<p>Bring a blanket; bolsters and eye pillows are provided.</p>',
    paymentType: 'PAID',
    priceMinor: 3500,
    inDays: 24,
    startTime: '19:00',
    endTime: '21:00',
    capacity: 25,
    isFeatured: false,
    venue: { name: 'Garden Room', line1: '12 Market Street', city: 'Springfield', state: 'IL', zip: '62701' },
  },
  {
    name: 'Outdoor Yoga in the Park',
    slug: 'outdoor-yoga-in-the-park',
    summary: 'A free community class on the lawn; everyone welcome.',
    descriptionHtml: '<p>Meet by the fountain. If it rains, we move to the Main Studio.</p>',
    paymentType: 'FREE',
    priceMinor: null,
    inDays: 38,
    startTime: '09:00',
    endTime: '11:00',
    capacity: 60,
    isFeatured: true,
    venue: { name: 'Washington Park', line1: '1500 S MacArthur Blvd', city: 'Springfield', state: 'IL', zip: '62704' },
  },
]

export const DEMO_SUPPLIER = { name: 'Lotus Supply Co.', email: 'orders@lotus-supply.example.test', phone: '555-010-0900' }

export const demoProducts = [
  { name: 'Cork Yoga Block', slug: 'cork-yoga-block', summary: 'Firm, light and grippy natural cork.', priceMinor: 1800, stock: 40, supplied: true },
  { name: 'Organic Cotton Yoga Mat', slug: 'organic-cotton-yoga-mat', summary: 'A 4 mm mat with a natural rubber base.', priceMinor: 6800, stock: 15, supplied: true },
  { name: 'Meditation Cushion', slug: 'meditation-cushion', summary: 'Buckwheat-filled zafu with a washable cover.', priceMinor: 4500, stock: 8, supplied: true },
  { name: 'Studio Tote Bag', slug: 'studio-tote-bag', summary: 'Heavy canvas tote with the studio logo.', priceMinor: 1500, stock: 25, supplied: false },
  // Sold out, so the store shows that state too.
  { name: 'Studio Water Bottle', slug: 'studio-water-bottle', summary: 'Insulated steel, 750 ml.', priceMinor: 2200, stock: 0, supplied: false },
] as const

export const DEMO_BUNDLE = {
  name: 'Home Practice Kit',
  slug: 'home-practice-kit',
  summary: 'A mat, two blocks and a tote: everything to practise at home.',
  priceMinor: 9500,
  items: [
    { slug: 'organic-cotton-yoga-mat', quantity: 1 },
    { slug: 'cork-yoga-block', quantity: 2 },
    { slug: 'studio-tote-bag', quantity: 1 },
  ],
} as const

export const DEMO_DONATION = {
  name: 'Scholarship Fund',
  slug: 'scholarship-fund',
  summary: 'Help us offer free places in classes and teacher training to people who could not otherwise come.',
  suggestedAmountsMinor: [1000, 2500, 5000, 10000],
  goalMinor: 500000,
}

export const DEMO_MEMBERSHIP_PLAN = {
  name: 'Class Passes',
  slug: 'class-passes',
  summary: 'Come to any class: a card of ten, or unlimited by the month.',
  prices: [
    { name: '10-Class Card', priceMinor: 18000, membershipType: 'card', credits: 10 },
    { name: 'Monthly Unlimited', priceMinor: 12900, membershipType: 'recurring', frequency: 'monthly', trial: { duration: 7, unit: 'days' } },
  ] satisfies SeedPriceOption[],
}

/** Who holds what in the demo (the student's card has paid for the bookings below). */
export const DEMO_STUDENT_EMAIL = 'student@demo.test'
export const DEMO_TRIAL_MEMBER_EMAIL = 'ada.okafor@example.test'
