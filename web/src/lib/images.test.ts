import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, imageAt, responsiveImage, srcSetFor } from './images';

describe('srcSetFor', () => {
  it("offers the server's 320 and 640 copies and the original as 800w", () => {
    expect(srcSetFor('/uploads/demo/tee-navy.png')).toBe(
      '/uploads/demo/tee-navy.png?w=320 320w, /uploads/demo/tee-navy.png?w=640 640w, /uploads/demo/tee-navy.png 800w',
    );
  });

  it("offers the copies of the shop's pictures served by its CDN", () => {
    expect(srcSetFor('https://media.example.in/uploads/a.png')).toBe(
      'https://media.example.in/uploads/a.png?w=320 320w, https://media.example.in/uploads/a.png?w=640 640w, https://media.example.in/uploads/a.png 800w',
    );
  });

  it('leaves pictures without copies alone', () => {
    expect(srcSetFor('https://cdn.example.com/a.png')).toBeUndefined();
    expect(srcSetFor('/uploads/a.png?w=320')).toBeUndefined();
    expect(srcSetFor('/images/a.png')).toBeUndefined();
    expect(srcSetFor('')).toBeUndefined();
  });
});

describe('imageAt', () => {
  it('names a copy of an uploaded picture, else the picture itself', () => {
    expect(imageAt('/uploads/1700-a.jpg', 320)).toBe('/uploads/1700-a.jpg?w=320');
    expect(imageAt('https://cdn.example.com/a.png', 320)).toBe('https://cdn.example.com/a.png');
  });
});

describe('responsiveImage', () => {
  it('gives square size attributes and loads lazily by default', () => {
    expect(responsiveImage('/uploads/a.png', { sizes: IMAGE_SIZES.grid })).toEqual({
      src: '/uploads/a.png',
      srcSet: '/uploads/a.png?w=320 320w, /uploads/a.png?w=640 640w, /uploads/a.png 800w',
      sizes: IMAGE_SIZES.grid,
      width: 800,
      height: 800,
      loading: 'lazy',
      fetchPriority: undefined,
      decoding: 'async',
    });
  });

  it('loads the first picture a visitor sees at once, with high priority', () => {
    const img = responsiveImage('/uploads/a.png', { sizes: IMAGE_SIZES.grid, priority: true });
    expect(img.loading).toBe('eager');
    expect(img.fetchPriority).toBe('high');
  });

  it('loads carousel slides at once without raising their priority', () => {
    const img = responsiveImage('/uploads/a.png', { sizes: IMAGE_SIZES.productPage, lazy: false });
    expect(img.loading).toBe('eager');
    expect(img.fetchPriority).toBeUndefined();
  });

  it('sends no sizes without a srcset', () => {
    const img = responsiveImage('https://cdn.example.com/a.png', { sizes: IMAGE_SIZES.grid });
    expect(img.srcSet).toBeUndefined();
    expect(img.sizes).toBeUndefined();
  });
});
