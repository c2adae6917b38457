import type { Locale } from "./prefs";

/** The console shell's own words in the four locales (spec 1 §2 Menus); menu labels live in menu.ts. */
export interface ShellStrings {
  mainNavigation: string;
  skipToContent: string;
  searchMenu: string;
  /** the header's search box across the console's records (ADR 0069) */
  searchConsole: string;
  search: string;
  clearSearch: string;
  noMenuMatch: string;
  signOut: string;
  theme: string;
  themeSettings: string;
  close: string;
  navType: string;
  navSide: string;
  navTop: string;
  sideNavColor: string;
  light: string;
  dark: string;
  collapseNav: string;
  expandNav: string;
  darkTheme: string;
  primaryColor: string;
  language: string;
  direction: string;
  ltr: string;
  rtl: string;
  save: string;
  copySettings: string;
  copyByHand: string;
  terms: string;
  privacy: string;
  copyright: (year: number, brand: string) => string;
}

const STRINGS: Record<Locale, ShellStrings> = {
  en: {
    mainNavigation: "Main navigation",
    skipToContent: "Skip to content",
    searchMenu: "Search menu",
    searchConsole: "Search orders, products, people…",
    search: "Search",
    clearSearch: "Clear",
    noMenuMatch: "No menu entry matches",
    signOut: "Sign out",
    theme: "Theme",
    themeSettings: "Theme settings",
    close: "Close",
    navType: "Navigation type",
    navSide: "Side",
    navTop: "Top",
    sideNavColor: "Side navigation colour",
    light: "Light",
    dark: "Dark",
    collapseNav: "Collapse navigation",
    expandNav: "Expand navigation",
    darkTheme: "Dark theme",
    primaryColor: "Primary colour",
    language: "Language",
    direction: "Direction",
    ltr: "Left to right",
    rtl: "Right to left",
    save: "Save",
    copySettings: "Copy settings",
    copyByHand: "Select the settings below and copy them:",
    terms: "Terms & Conditions",
    privacy: "Privacy Policy",
    copyright: (year, brand) => `Copyright © ${year} ${brand}. All rights reserved.`,
  },
  zh: {
    mainNavigation: "主导航",
    skipToContent: "跳到正文",
    searchMenu: "搜索菜单",
    searchConsole: "搜索订单、商品、人员…",
    search: "搜索",
    clearSearch: "清除",
    noMenuMatch: "没有匹配的菜单项",
    signOut: "退出登录",
    theme: "主题",
    themeSettings: "主题设置",
    close: "关闭",
    navType: "导航类型",
    navSide: "侧边",
    navTop: "顶部",
    sideNavColor: "侧边导航颜色",
    light: "浅色",
    dark: "深色",
    collapseNav: "收起导航",
    expandNav: "展开导航",
    darkTheme: "深色主题",
    primaryColor: "主色",
    language: "语言",
    direction: "方向",
    ltr: "从左到右",
    rtl: "从右到左",
    save: "保存",
    copySettings: "复制设置",
    copyByHand: "选中下面的设置并复制：",
    terms: "条款和条件",
    privacy: "隐私政策",
    copyright: (year, brand) => `版权所有 © ${year} ${brand}。保留所有权利。`,
  },
  fr: {
    mainNavigation: "Navigation principale",
    skipToContent: "Aller au contenu",
    searchMenu: "Rechercher dans le menu",
    searchConsole: "Rechercher commandes, produits, personnes…",
    search: "Rechercher",
    clearSearch: "Effacer",
    noMenuMatch: "Aucune entrée du menu ne correspond",
    signOut: "Se déconnecter",
    theme: "Thème",
    themeSettings: "Paramètres du thème",
    close: "Fermer",
    navType: "Type de navigation",
    navSide: "Latérale",
    navTop: "En haut",
    sideNavColor: "Couleur de la navigation latérale",
    light: "Clair",
    dark: "Sombre",
    collapseNav: "Réduire la navigation",
    expandNav: "Déplier la navigation",
    darkTheme: "Thème sombre",
    primaryColor: "Couleur principale",
    language: "Langue",
    direction: "Sens d’écriture",
    ltr: "De gauche à droite",
    rtl: "De droite à gauche",
    save: "Enregistrer",
    copySettings: "Copier les paramètres",
    copyByHand: "Sélectionnez les paramètres ci-dessous et copiez-les :",
    terms: "Conditions générales",
    privacy: "Politique de confidentialité",
    copyright: (year, brand) => `Copyright © ${year} ${brand}. Tous droits réservés.`,
  },
  ja: {
    mainNavigation: "メインナビゲーション",
    skipToContent: "本文へ移動",
    searchMenu: "メニューを検索",
    searchConsole: "注文・商品・人を検索…",
    search: "検索",
    clearSearch: "クリア",
    noMenuMatch: "一致するメニューはありません",
    signOut: "ログアウト",
    theme: "テーマ",
    themeSettings: "テーマ設定",
    close: "閉じる",
    navType: "ナビゲーションの種類",
    navSide: "サイド",
    navTop: "トップ",
    sideNavColor: "サイドナビの色",
    light: "ライト",
    dark: "ダーク",
    collapseNav: "ナビゲーションを折りたたむ",
    expandNav: "ナビゲーションを展開",
    darkTheme: "ダークテーマ",
    primaryColor: "メインカラー",
    language: "言語",
    direction: "文字の方向",
    ltr: "左から右",
    rtl: "右から左",
    save: "保存",
    copySettings: "設定をコピー",
    copyByHand: "下の設定を選択してコピーしてください：",
    terms: "利用規約",
    privacy: "プライバシーポリシー",
    copyright: (year, brand) => `Copyright © ${year} ${brand}. 無断転載を禁じます。`,
  },
};

export const shellStrings = (locale: Locale): ShellStrings => STRINGS[locale] ?? STRINGS.en;
