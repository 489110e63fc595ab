import { describe, expect, it } from 'vitest';
import { stripEmoji } from './emoji';

describe('stripEmoji', () => {
  it('removes single emoji', () => {
    expect(stripEmoji('你好😀世界')).toBe('你好世界');
    expect(stripEmoji('🎉开业大吉🎉')).toBe('开业大吉');
    expect(stripEmoji('❤好评⭐')).toBe('好评');
    expect(stripEmoji('⌚手表')).toBe('手表');
  });

  it('removes emoji with variation selectors', () => {
    expect(stripEmoji('喜欢❤️')).toBe('喜欢');
    expect(stripEmoji('电话☎️☎︎')).toBe('电话');
  });

  it('removes skin-tone modifiers', () => {
    expect(stripEmoji('点赞👍🏻👍🏿')).toBe('点赞');
    expect(stripEmoji('a🏽b')).toBe('ab');
  });

  it('removes ZWJ sequences entirely', () => {
    expect(stripEmoji('家庭👨‍👩‍👧‍👦成员')).toBe('家庭成员');
    expect(stripEmoji('程序员👩🏻‍💻')).toBe('程序员');
    expect(stripEmoji('彩虹旗🏳️‍🌈')).toBe('彩虹旗');
    expect(stripEmoji('\u200D😀\u200D')).toBe('');
  });

  it('removes keycaps but keeps plain digits and signs', () => {
    expect(stripEmoji('第1️⃣名')).toBe('第名');
    expect(stripEmoji('#️⃣*️⃣2⃣')).toBe('');
    expect(stripEmoji('订单#123*2')).toBe('订单#123*2');
  });

  it('removes flags', () => {
    expect(stripEmoji('中国🇨🇳加油')).toBe('中国加油');
    expect(stripEmoji('🏴󠁧󠁢󠁳󠁣󠁴󠁿苏格兰')).toBe('苏格兰');
    expect(stripEmoji('孤立的🇨')).toBe('孤立的');
  });

  it('keeps Chinese text, punctuation and common symbols', () => {
    const text =
      '【促销】满100元减20元！“限时”抢购，《会员日》：¥9.9／件、约3℃～5℃…※ ★☆ ○● √× → ①②（详见）——0.5折？';
    expect(stripEmoji(text)).toBe(text);
  });

  it('keeps rare ideographs outside the BMP', () => {
    expect(stripEmoji('𠮷野家😀')).toBe('𠮷野家');
    expect(stripEmoji('𪚥')).toBe('𪚥');
  });

  it('keeps ©, ®, ™, ‼ and ⁉ in text form but removes their emoji form', () => {
    expect(stripEmoji('品牌®™ ©2024 注意‼⁉')).toBe('品牌®™ ©2024 注意‼⁉');
    expect(stripEmoji('品牌®️ ©️ ‼️')).toBe('品牌  ');
  });

  it('keeps other letters, digits and whitespace', () => {
    expect(stripEmoji('Hello, world 123\n\tÀé 😀')).toBe('Hello, world 123\n\tÀé ');
  });

  it('handles empty and missing input', () => {
    expect(stripEmoji('')).toBe('');
    expect(stripEmoji('😀😀😀')).toBe('');
    expect(stripEmoji(null)).toBe('');
    expect(stripEmoji(undefined)).toBe('');
  });

  it('handles long input', () => {
    expect(stripEmoji('好😀'.repeat(10_000))).toBe('好'.repeat(10_000));
  });
});
