import shipped from 'grapesjs/locale/tr.mjs'

/**
 * GrapesJS's own words in Turkish: the locale file it ships, completed. That file was written
 * for an older GrapesJS: 0.23.6 names some style properties by other ids (the sub-properties of
 * margin, padding, border and shadows), draws component names, selector states and trait labels
 * it has no Turkish for, and swaps the scale axes. Imported only when the editor is Turkish, so
 * none of this travels with the English editor. CSS values stay as CSS writes them.
 */
const COMPLETIONS: GrapesMessages = {
  assetManager: {
    inputPlh: 'https://ornek.com/gorsel.jpg',
  },
  domComponents: {
    names: {
      '': 'Kutu',
      wrapper: 'Gövde',
      text: 'Metin',
      textnode: 'Metin',
      comment: 'Yorum',
      image: 'Görsel',
      video: 'Video',
      label: 'Etiket',
      link: 'Bağlantı',
      map: 'Harita',
      table: 'Tablo',
      thead: 'Tablo başlığı',
      tbody: 'Tablo gövdesi',
      tfoot: 'Tablo altı',
      row: 'Tablo satırı',
      cell: 'Tablo hücresi',
      svg: 'Çizim',
      iframe: 'Gömülü sayfa',
      script: 'Betik',
      div: 'Kutu',
      section: 'Bölüm',
      header: 'Üst bölüm',
      footer: 'Alt bölüm',
      nav: 'Menü',
      main: 'Ana bölüm',
      article: 'Yazı',
      aside: 'Yan bölüm',
      form: 'Form',
      input: 'Giriş alanı',
      button: 'Düğme',
      ul: 'Liste',
      ol: 'Numaralı liste',
      li: 'Liste öğesi',
      span: 'Metin parçası',
      hr: 'Ayırıcı çizgi',
      figure: 'Şekil',
      figcaption: 'Şekil açıklaması',
      picture: 'Görsel',
      blockquote: 'Alıntı',
      address: 'Adres',
      small: 'Küçük metin',
      select: 'Seçim listesi',
      textarea: 'Metin alanı',
      br: 'Satır sonu',
    },
  },
  selectorManager: {
    emptyState: '- Durum -',
    states: {
      hover: 'Üzerine gelince',
      active: 'Tıklanınca',
      'nth-of-type(2n)': 'Çift/Tek',
    },
  },
  styleManager: {
    empty: 'Stilini düzenlemek için bir öğe seçin',
    fileButton: 'Görseller',
    properties: {
      float: 'Yaslama',
      position: 'Konum',
      opacity: 'Saydamlık',
      'min-height': 'Min. yükseklik',
      'max-width': 'Maks. genişlik',
      'max-height': 'Maks. yükseklik',
      margin: 'Dış boşluk',
      padding: 'İç boşluk',
      'font-family': 'Yazı tipi',
      'font-size': 'Yazı boyutu',
      'font-weight': 'Yazı kalınlığı',
      'letter-spacing': 'Harf aralığı',
      'line-height': 'Satır yüksekliği',
      'text-align': 'Metin hizalaması',
      'text-shadow': 'Metin gölgesi',
      'text-shadow-h': 'X',
      'text-shadow-v': 'Y',
      'text-shadow-blur': 'Bulanıklık',
      'text-shadow-color': 'Renk',
      'border-radius': 'Köşe yuvarlaklığı',
      'box-shadow': 'Kutu gölgesi',
      'box-shadow-h': 'X',
      'box-shadow-v': 'Y',
      'box-shadow-blur': 'Bulanıklık',
      'box-shadow-spread': 'Yayılma',
      'box-shadow-color': 'Renk',
      'box-shadow-type': 'Tür',
      'border-width': 'Kenar kalınlığı',
      'border-style': 'Kenar stili',
      'border-color': 'Kenar rengi',
      'flex-direction': 'Flex yönü',
      'flex-wrap': 'Flex satır kaydırma',
      'justify-content': 'İçeriği yasla',
      'align-items': 'Öğeleri hizala',
      'align-content': 'İçeriği hizala',
      'flex-basis': 'Flex temeli',
      'flex-grow': 'Flex büyüme',
      'flex-shrink': 'Flex küçülme',
      'align-self': 'Kendini hizala',
      transition: 'Geçiş',
      background: 'Arka plan',
      'background-color': 'Arka plan rengi',
      'margin-top-sub': 'Üst',
      'margin-right-sub': 'Sağ',
      'margin-bottom-sub': 'Alt',
      'margin-left-sub': 'Sol',
      'padding-top-sub': 'Üst',
      'padding-right-sub': 'Sağ',
      'padding-bottom-sub': 'Alt',
      'padding-left-sub': 'Sol',
      'border-width-sub': 'Kalınlık',
      'border-style-sub': 'Stil',
      'border-color-sub': 'Renk',
      'border-top-left-radius-sub': 'Sol üst',
      'border-top-right-radius-sub': 'Sağ üst',
      'border-bottom-right-radius-sub': 'Sağ alt',
      'border-bottom-left-radius-sub': 'Sol alt',
      transform: 'Dönüştürme',
      'transform-rotate-x': 'X ekseninde döndür',
      'transform-rotate-y': 'Y ekseninde döndür',
      'transform-rotate-z': 'Z ekseninde döndür',
      'transform-scale-x': 'X ekseninde ölçekle',
      'transform-scale-y': 'Y ekseninde ölçekle',
      'transform-scale-z': 'Z ekseninde ölçekle',
      'transition-property-sub': 'Özellik',
      'transition-duration-sub': 'Süre',
      'transition-timing-function-sub': 'Zamanlama',
      'background-image-sub': 'Görsel',
      'background-repeat-sub': 'Tekrar',
      'background-position-sub': 'Konum',
      'background-attachment-sub': 'Sabitlenme',
      'background-size-sub': 'Boyut',
    },
    // Font weights are named, not written as CSS: their names are words.
    options: {
      'font-weight': {
        '100': 'İnce',
        '200': 'Çok hafif',
        '300': 'Hafif',
        '400': 'Normal',
        '500': 'Orta',
        '600': 'Yarı kalın',
        '700': 'Kalın',
        '800': 'Çok kalın',
        '900': 'En kalın',
      },
      'box-shadow-type': { '': 'Dış', inset: 'İç' },
    },
  },
  traitManager: {
    empty: 'Ayarlarını düzenlemek için bir öğe seçin',
    label: 'Öğe ayarları',
    traits: {
      labels: {
        id: 'Kimlik (id)',
        title: 'Başlık',
        alt: 'Alternatif metin',
        href: 'Bağlantı adresi',
        target: 'Nerede açılır',
        provider: 'Sağlayıcı',
        src: 'Kaynak',
        poster: 'Kapak görseli',
        videoId: 'Video kimliği',
        rel: 'İlgili videolar',
        color: 'Renk',
        autoplay: 'Otomatik oynat',
        loop: 'Döngü',
        controls: 'Denetimler',
      },
      attributes: {
        id: { placeholder: 'örn. Buraya metin' },
        alt: { placeholder: 'örn. Buraya metin' },
        title: { placeholder: 'örn. Buraya metin' },
        href: { placeholder: 'örn. https://ornek.com' },
        src: { placeholder: 'örn. ./media/video.mp4' },
        poster: { placeholder: 'örn. ./media/image.jpg' },
        videoId: { placeholder: 'örn. jNQXAC9IVRw' },
        color: { placeholder: 'örn. FF0000' },
      },
      options: {
        target: { false: 'Bu pencerede', _blank: 'Yeni pencerede' },
        provider: { so: 'HTML5 kaynağı', ytnc: 'Youtube (çerezsiz)' },
      },
    },
  },
  storageManager: {
    recover: 'Kaydedilmemiş değişiklikleri geri yüklemek ister misiniz?',
  },
}

/** The rich text toolbar's button titles, which GrapesJS writes in English and keeps out of its i18n. */
export const RICH_TEXT_TITLES: Readonly<Record<string, string>> = {
  bold: 'Kalın',
  italic: 'İtalik',
  underline: 'Altı çizili',
  strikethrough: 'Üstü çizili',
  link: 'Bağlantı',
  wrap: 'Stil için sarmala',
}

export type GrapesMessages = { [key: string]: string | GrapesMessages }

function isMessages(value: unknown): value is GrapesMessages {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The second set of words laid over the first, key by key. */
export function mergeMessages(base: GrapesMessages, over: GrapesMessages): GrapesMessages {
  const merged: GrapesMessages = { ...base }
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key]
    merged[key] = isMessages(current) && isMessages(value) ? mergeMessages(current, value) : value
  }
  return merged
}

/** GrapesJS's Turkish, with the product's own words for its panel buttons and devices laid over it. */
export function grapesjsTurkish(productWords: GrapesMessages): GrapesMessages {
  return mergeMessages(mergeMessages(isMessages(shipped) ? shipped : {}, COMPLETIONS), productWords)
}
