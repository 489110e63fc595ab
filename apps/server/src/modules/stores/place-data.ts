/** A few well-known places (latitude, longitude, county code) the offline place search answers from. */
export type SeededPlace = {
  id: string;
  title: string;
  address: string;
  at: [number, number];
  adcode: string;
};

// One place per line reads as a table.
// prettier-ignore
export const SEEDED_PLACES: readonly SeededPlace[] = [
  { id: 'p-bj-tiananmen', title: '天安门广场', address: '北京市东城区东长安街', at: [39.9031, 116.3976], adcode: '110101' },
  { id: 'p-bj-guomao', title: '国贸商城', address: '北京市朝阳区建国门外大街1号', at: [39.9087, 116.4605], adcode: '110105' },
  { id: 'p-bj-sanlitun', title: '三里屯太古里', address: '北京市朝阳区三里屯路19号', at: [39.9334, 116.4543], adcode: '110105' },
  { id: 'p-bj-yizhuang', title: '亦庄经济技术开发区', address: '北京市大兴区荣华中路', at: [39.7953, 116.5061], adcode: '110115' },
  { id: 'p-bj-tongzhou-wanda', title: '通州万达广场', address: '北京市通州区新华西街58号', at: [39.9063, 116.6559], adcode: '110112' },
  { id: 'p-bj-zhongguancun', title: '中关村', address: '北京市海淀区中关村大街', at: [39.9834, 116.3162], adcode: '110108' },
  { id: 'p-tj-binjiang', title: '滨江道步行街', address: '天津市和平区滨江道', at: [39.1211, 117.2036], adcode: '120101' },
  { id: 'p-sh-waitan', title: '外滩', address: '上海市黄浦区中山东一路', at: [31.2400, 121.4900], adcode: '310101' },
  { id: 'p-sh-lujiazui', title: '陆家嘴', address: '上海市浦东新区陆家嘴环路', at: [31.2397, 121.4998], adcode: '310115' },
  { id: 'p-hz-xihu', title: '西湖', address: '浙江省杭州市西湖区龙井路1号', at: [30.2431, 120.1500], adcode: '330106' },
  { id: 'p-nj-xinjiekou', title: '新街口', address: '江苏省南京市秦淮区中山路', at: [32.0416, 118.7844], adcode: '320104' },
  { id: 'p-gz-tianhe', title: '天河城', address: '广东省广州市天河区天河路208号', at: [23.1322, 113.3226], adcode: '440106' },
  { id: 'p-sz-huaqiangbei', title: '华强北', address: '广东省深圳市福田区华强北路', at: [22.5431, 114.0855], adcode: '440304' },
  { id: 'p-cd-chunxi', title: '春熙路', address: '四川省成都市锦江区春熙路', at: [30.6570, 104.0806], adcode: '510104' },
  { id: 'p-cq-jiefangbei', title: '解放碑', address: '重庆市渝中区民族路', at: [29.5570, 106.5770], adcode: '500103' },
  { id: 'p-wh-jianghan', title: '江汉路步行街', address: '湖北省武汉市江汉区江汉路', at: [30.5806, 114.2870], adcode: '420103' },
  { id: 'p-sy-zhongjie', title: '中街', address: '辽宁省沈阳市沈河区中街路', at: [41.8000, 123.4600], adcode: '210103' },
];
