import { describe, expect, it } from 'vitest';
import { avatarFileProblem, strengthLevel } from './avatar-checks';

const MB = 1024 * 1024;

describe('avatarFileProblem', () => {
  it('lets PNG, JPEG and WebP up to 2 MB through', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(avatarFileProblem({ type, size: 2 * MB })).toBeNull();
    }
  });

  it('refuses other types and larger files with the clerk-facing message', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe('只能上传 JPG/PNG/WebP 图片');
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('只能上传 JPG/PNG/WebP 图片');
    expect(avatarFileProblem({ type: '', size: 10 })).toBe('只能上传 JPG/PNG/WebP 图片');
    expect(avatarFileProblem({ type: 'image/png', size: 2 * MB + 1 })).toBe('图片大小不能超过2MB');
  });
});

describe('strengthLevel', () => {
  it('grades like the server rule: under three classes or 8 characters is weak', () => {
    expect(strengthLevel('', 0)).toBeNull();
    expect(strengthLevel('abcdefgh', 1)).toBe(0);
    expect(strengthLevel('Ab1!', 4)).toBe(0);
    expect(strengthLevel('Abcdefg1', 3)).toBe(1);
    expect(strengthLevel('Abcdefg1!xyz', 4)).toBe(2);
  });
});
