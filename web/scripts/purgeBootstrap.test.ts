import { describe, expect, it } from 'vitest';
import { gridClasses } from './purgeBootstrap';

describe('gridClasses', () => {
  it("reads the classes Col, Row and Container make from their props, other props and arrows aside", () => {
    const source = `
      <Row md={2} className="g-4">
        <Col xs={12} sm={6} lg={{ span: 3, offset: 1 }} onClick={() => a > b}>x</Col>
        <Col md="auto" xl={'4'}>y</Col>
        <Col>z</Col>
        <Col
          lg={4}
          className={payable ? 'order-first' : undefined}
        >w</Col>
      </Row>
      <Container fluid="md" /><Container fluid /><Container className="py-5">`;
    expect(gridClasses(source)?.sort()).toEqual(
      ['row-cols-md-2', 'col-12', 'col-sm-6', 'col-lg-3', 'offset-lg-1', 'col-md-auto', 'col-xl-4', 'col-lg-4', 'container-md', 'container-fluid'].sort(),
    );
  });

  it('gives up on a prop it cannot read, so that every grid class stays', () => {
    expect(gridClasses('<Col md={width}>x</Col>')).toBeNull();
    expect(gridClasses('<Col lg={{ span: n }}>x</Col>')).toBeNull();
    expect(gridClasses('<Container fluid={size} />')).toBeNull();
  });
});
