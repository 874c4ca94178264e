import type { SitePlaces } from './types';

/** The places of Vietnam. */
export const monstervietnam: SitePlaces = {
  context: 'monstervietnam',
  weight: 4,
  companies: 45,
  countries: [
    {
      code: 'VN',
      name: 'Vietnam',
      weight: 1,
      currency: 'VND',
      period: 'month',
      entry: 9_000_000,
      senior: 90_000_000,
      round: 500_000,
      cities: [
        'Ho Chi Minh City',
        'Hanoi',
        'Da Nang',
        'Hai Phong',
        'Binh Duong',
        'Dong Nai',
        'Can Tho',
        'Bac Ninh',
        'Nha Trang',
      ],
      streets: [
        'Nguyen Hue Boulevard',
        'Le Duan Street',
        'Duy Tan Street',
        'Thu Duc City',
        'Cau Giay District',
        'VSIP Industrial Park',
      ],
      companySuffixes: ['JSC', 'Co., Ltd', 'Joint Stock Company'],
    },
  ],
  namePrefixes: [
    'Saigon Pearl',
    'Mekong',
    'Hoan Kiem',
    'Sen Vang',
    'Truong Son',
    'Hong Ha',
    'An Phat',
    'Thanh Cong',
    'Dai Viet',
    'Ha Long',
  ],
  benefits: [
    '13th month salary and performance bonus',
    'Full social, health and unemployment insurance',
    'Premium healthcare package',
    'Annual company trip',
  ],
  extraLanguage: 'Vietnamese',
};
